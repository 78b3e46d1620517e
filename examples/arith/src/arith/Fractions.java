package arith;

/**
 * Fractions n/d in lowest terms. Callers reuse what is known about abs and gcd instead of
 * re-exploring them: the running example of compositional symbolic execution.
 */
public final class Fractions {

    public static int abs(int x) {
        if (x < 0) {
            return -x;
        }
        return x;
    }

    /** Euclid's algorithm; the result is never negative (except for Integer.MIN_VALUE), gcd(0, 0) == 0. */
    public static int gcd(int a, int b) {
        while (b != 0) {
            int remainder = a % b;
            a = b;
            b = remainder;
        }
        return abs(a);
    }

    /** The numerator of n/d in lowest terms; the sign of the fraction is carried by the numerator. */
    public static int simplifiedNumerator(int n, int d) {
        if (d == 0) {
            throw new IllegalArgumentException("denominator is zero");
        }
        int numerator = n / gcd(n, d);
        return d < 0 ? -numerator : numerator;
    }

    /** The denominator of n/d in lowest terms, always positive. */
    public static int simplifiedDenominator(int n, int d) {
        if (d == 0) {
            throw new IllegalArgumentException("denominator is zero");
        }
        return abs(d) / gcd(n, d);
    }

    /** Least common multiple, computed in long so that lcm of two ints cannot overflow. */
    public static long lcm(int a, int b) {
        if (a == 0 || b == 0) {
            return 0L;
        }
        long quotient = abs(a) / gcd(a, b);
        return quotient * abs(b);
    }
}
