package demo;

/** A method hornet rejects before lowering still has its branches counted (from the syntax,
 *  as the bytecode has them), so that skipping it lowers the branch percentage. */
public class Shapes {
    public static int clamp(int x) {
        if (x < 0) {
            return 0;
        }
        return x > 10 ? 10 : x;
    }

    /** Rejected (a labelled break): 4 (the &&) + 2 (if) + 3 (the switch's targets) + 2 (a comparison
     *  as a value) + 2 (?:) = 13 branch outcomes. */
    public static int scan(int[] a, int k) {
        int found = -1;
        outer:
        for (int i = 0; i < a.length && found < 0; i++) {
            if (a[i] == k) {
                found = i;
                break outer;
            }
        }
        switch (found) {
            case 0:
            case 1:
                found++;
                break;
            case 2:
                found--;
                break;
        }
        boolean negative = found < 0;
        return negative ? 0 : found;
    }
}
