package arith;

/** Assorted integer functions with loops, early exits and boolean logic. */
public final class Numbers {

    /** base raised to exp, by recursion on the exponent. */
    public static long power(long base, int exp) {
        if (exp < 0) {
            throw new InvalidInputException("negative exponent");
        }
        if (exp == 0) {
            return 1L;
        }
        return base * power(base, exp - 1);
    }

    /** n! in long arithmetic; wraps around past 20!, as Java does. */
    public static long factorial(int n) {
        if (n < 0) {
            throw new InvalidInputException("factorial of a negative number");
        }
        long result = 1L;
        for (int i = 2; i <= n; i++) {
            result *= i;
        }
        return result;
    }

    /**
     * How many numbers of [from, to] are multiples of divisor, scanning upwards and stopping at
     * the first multiple of stopAt.
     */
    public static int countMultiplesBefore(int from, int to, int divisor, int stopAt) {
        if (divisor == 0 || stopAt == 0) {
            throw new InvalidInputException("zero divisor");
        }
        int count = 0;
        for (int i = from; i <= to; i++) {
            if (i % stopAt == 0) {
                break;
            }
            if (i % divisor != 0) {
                continue;
            }
            count++;
        }
        return count;
    }

    /** Gregorian leap years; the calendar did not exist before 1583. */
    public static boolean isLeapYear(int year) {
        if (year < 1583) {
            throw new InvalidInputException("year before the Gregorian calendar");
        }
        return year % 4 == 0 && year % 100 != 0 || year % 400 == 0;
    }

    /** value limited to [low, high]. */
    public static int clamp(int value, int low, int high) {
        if (!(low <= high)) {
            throw new IllegalArgumentException("empty range");
        }
        return value < low ? low : value > high ? high : value;
    }

    /** The sign of a * b, computed without the multiplication so that it cannot overflow. */
    public static int signOfProduct(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        boolean aNegative = a < 0;
        boolean bNegative = b < 0;
        if (aNegative && !bNegative || !aNegative && bNegative) {
            return -1;
        }
        return 1;
    }

    /** Balance in cents after yearly compound interest, rounded down each year. */
    public static long compound(long cents, int percent, int years) {
        if (cents < 0 || percent < 0 || years < 0) {
            throw new InvalidInputException("negative amount, rate or duration");
        }
        long balance = cents;
        int remaining = years;
        while (remaining-- > 0) {
            balance += balance * percent / 100;
        }
        return balance;
    }

    /** from + (from + 1) + ... + to, summed downwards in long; 0 for an empty range. */
    public static long sumRange(int from, int to) {
        long total = 0L;
        int i = to;
        while (i >= from) {
            total += i;
            --i;
        }
        return total;
    }
}
