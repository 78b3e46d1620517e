package loops.util;

/** Functions built on top of Digits and Divisors. */
public final class Sequences {

    /**
     * Steps of the Collatz sequence from n down to 1, giving up (returning -1) after limit steps.
     */
    public static int collatzSteps(int n, int limit) {
        if (n <= 0 || limit < 0) {
            throw new IllegalArgumentException("n must be positive and limit non-negative");
        }
        int steps = 0;
        while (n != 1) {
            if (steps == limit) {
                return -1;
            }
            if (n % 2 == 0) {
                n /= 2;
            } else {
                n = 3 * n + 1;
            }
            steps++;
        }
        return steps;
    }

    /** A number is lucky when the sum of its digits is prime. */
    public static boolean isLucky(int n) {
        return Divisors.isPrime(Digits.digitSum(n));
    }

    /** Score of n: 2 when lucky and prime itself, 1 when only one of them, 0 otherwise. */
    public static int score(int n) {
        int score = 0;
        if (isLucky(n)) {
            score++;
        }
        if (Divisors.isPrime(n)) {
            score++;
        }
        return score;
    }
}
