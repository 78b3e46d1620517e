package loops.util;

/** Decimal digits of integers. */
public final class Digits {

    /** Sum of the decimal digits of |n|; a do/while because 0 still has one digit. */
    public static int digitSum(int n) {
        int rest = n < 0 ? -n : n;
        int sum = 0;
        do {
            sum += rest % 10;
            rest /= 10;
        } while (rest > 0);
        return sum;
    }

    /** Number of decimal digits of a non-negative long. */
    public static int digitCount(long n) {
        if (n < 0L) {
            throw new IllegalArgumentException("negative number");
        }
        int count = 1;
        while (n >= 10L) {
            n /= 10L;
            count++;
        }
        return count;
    }

    /** The last four decimal digits of |n| in reverse order, as a number: a loop that runs four
     *  times whatever n is, which the bound k does not cut. */
    public static int lastFourReversed(int n) {
        int rest = n < 0 ? -(n % 10000) : n % 10000;
        int reversed = 0;
        for (int i = 0; i < 4; i++) {
            reversed = reversed * 10 + rest % 10;
            rest /= 10;
        }
        return reversed;
    }
}
