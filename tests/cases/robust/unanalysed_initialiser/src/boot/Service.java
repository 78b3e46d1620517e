package boot;

/** Methods whose tests would load those classes, and one whose tests would not. */
public class Service {
    public static boolean ready() {
        return Factory.getInstance() != null;
    }

    public static int counted(Counter counter, int n) {
        return counter.next(n);
    }

    public static int started() {
        return Counter.start;
    }

    public static int twice(int n) {
        return 2 * n;
    }
}
