package loops.util;

/** Trial division. */
public final class Divisors {

    private static boolean divides(int divisor, int n) {
        return n % divisor == 0;
    }

    /** The smallest divisor > 1 of n, or n itself when n is prime; n must be at least 2. */
    public static int smallestDivisor(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("no divisor greater than 1");
        }
        for (int d = 2; d <= n / d; d++) {
            if (divides(d, n)) {
                return d;
            }
        }
        return n;
    }

    public static boolean isPrime(int n) {
        return n >= 2 && smallestDivisor(n) == n;
    }

    /** Number of divisors of n counted by pairs (d, n / d) up to the square root. */
    public static int divisorCount(int n) {
        if (n <= 0) {
            return 0;
        }
        int count = 0;
        for (int d = 1; d <= n / d; d++) {
            if (!divides(d, n)) {
                continue;
            }
            count += d == n / d ? 1 : 2;
        }
        return count;
    }
}
