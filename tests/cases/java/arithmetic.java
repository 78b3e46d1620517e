package shop;

public class Arith {
    static final int LIMIT = 10 * 1_000;
    static final long BIG = LIMIT + 1L;
    private static final boolean DEBUG = false;
    static final int HEX = 0xFF, OCT = 017, BIN = 0b101;

    public static int add(int a, int b) {
        return a + b;
    }

    static long widen(int a, long b) {
        return a * b + BIG;
    }

    private static int divide(int a, int b) {
        return a / b % 7;
    }

    protected static int neg(int x) {
        return -x + +x - -5 + LIMIT + HEX + OCT + BIN;
    }

    static int casts(long x) {
        int a = (int) x;
        long b = (long) a;
        return (int) (b + Integer.MAX_VALUE) + (int) Long.MIN_VALUE + Integer.MIN_VALUE;
    }

    static long widenings(int a) {
        long r = a;
        r = a + 1;
        return a;
    }

    static int compound(int x, long y) {
        x += 3;
        x -= y;
        x *= 2;
        x /= 4;
        x %= 5;
        return x;
    }

    static int increments(int x) {
        x++;
        ++x;
        x--;
        --x;
        int a = x++ + ++x;
        int b = x-- - --x;
        return a + b;
    }

    static long longIncrement(long x) {
        return x++;
    }

    static int evaluationOrder(int x) {
        return x + (x = 3);
    }

    static int chained(int x) {
        int a, b = 2, c;
        a = c = x;
        return a + b + c;
    }

    static int constants() {
        final int local = 3 * 3;
        return local + -2147483648 + (int) -9223372036854775808L;
    }

    static void nothing() {
    }
}
