package demo;

/** Loops whose trip count the source fixes, against the bound k (2 here). */
public class FixedLoops {
    /** Runs 3 times with a straight body: k does not bound it; the normal path has its test. */
    public static int sumToThree(int[] base) {
        int s = base[0];
        for (int i = 1; i <= 3; i++) {
            s += i;
        }
        return s;
    }

    /** Runs 3 times, but its body branches: k cuts it, the method is incomplete, and the
     *  warning names the loop and --k 3. */
    public static int countAbove(int x, int y) {
        int c = 0;
        for (int i = 3; i > 0; i--) {
            if (x > i) {
                c++;
            }
        }
        return c + y;
    }

    /** Runs 100 times, more than hornet runs unbounded: cut, with --k 100. */
    public static int evens(int n) {
        int s = n;
        for (int i = 0; i < 200; i += 2) {
            s++;
        }
        return s;
    }

    /** A while loop's trip count is not read: no path completes, and the warning says where. */
    public static int three() {
        int i = 0;
        while (i < 3) {
            i++;
        }
        return i;
    }

    /** The input bounds this loop: k cuts its longer paths, as the criterion says; ok. */
    public static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    /** Composes countAbove, whose paths through its loop are missing: incomplete too. */
    public static int twice(int x) {
        return 2 * countAbove(x, 0);
    }
}
