package semantics;

/**
 * Corners of Java's integer semantics that a test generator must get exactly right:
 * wrap-around, truncating division, the sign of the remainder, MIN_VALUE / -1, long
 * arithmetic, narrowing casts and division by zero.
 */
public class JavaArithmetic {

    /** Detects overflow the way careful code does: only a wrapped sum is smaller. */
    public static boolean incrementOverflows(int x) {
        return x + 1 < x;
    }

    public static int truncatedQuotient(int a, int b) {
        return a / b;
    }

    public static int remainderSign(int a, int b) {
        int r = a % b;
        if (r < 0) {
            return -1;
        }
        return r == 0 ? 0 : 1;
    }

    /** The one int division that overflows. */
    public static boolean quotientOverflows(int a, int b) {
        if (b == 0) {
            return false;
        }
        return a == Integer.MIN_VALUE && b == -1 && a / b == Integer.MIN_VALUE;
    }

    public static long widenedProduct(int a, int b) {
        long product = (long) a * b;
        if (product > Integer.MAX_VALUE) {
            return Integer.MAX_VALUE;
        }
        return product;
    }

    public static int lowBits(long value) {
        int low = (int) value;
        if (low != value) {
            return -1;
        }
        return low;
    }

    /** Recursion bounded by the criterion: paths up to k nested calls. */
    public static int depth(int n) {
        if (n <= 0) {
            return 0;
        }
        return 1 + depth(n - 1);
    }

    public static int compoundOperators(int x) {
        int y = x;
        y *= 3;
        y -= 4;
        y /= 2;
        y %= 7;
        return y++ + ++y;
    }
}
