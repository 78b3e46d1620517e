package shop.util;

import java.io.UncheckedIOException;
import java.util.*;
import static java.lang.Math.abs;

class InsufficientFunds extends RuntimeException {
    private final long missing;

    InsufficientFunds(long missing) {
        super("missing " + missing);
        this.missing = missing;
    }

    long missing() {
        return missing;
    }
}

class Base extends InsufficientFunds {
    Base() {
        super(0);
    }
}

public class Calls {
    private Calls() {
    }

    static int twice(int x) {
        return 2 * x;
    }

    static long twice(long x) {
        return 2 * x;
    }

    static long mixed(int a, long b) {
        return a + b;
    }

    static boolean isPositive(int x) {
        return x > 0;
    }

    static void log(int x) {
    }

    static long useOverloads(int i, long l) {
        long a = twice(i);
        long b = twice(l);
        long c = Calls.mixed(i, i);
        long d = shop.util.Calls.twice(3L);
        log(i);
        twice(i);
        return a + b + c + d + Helper.three();
    }

    static int library(int x, long y) {
        int a = Math.abs(x);
        long b = Math.max(x, y);
        int c = java.lang.Math.min(x, 3);
        int d = Integer.compare(x, a) + Long.compare(y, b);
        return a + (int) b + c + d;
    }

    static int conditionCall(int x) {
        if (isPositive(x) && !isPositive(x - 10)) {
            return 1;
        }
        return 0;
    }

    static int recursive(int n) {
        if (n <= 1) {
            return 1;
        }
        return n * recursive(n - 1);
    }

    static void throwing(int kind, long amount) {
        if (kind == 0) throw new InsufficientFunds(amount);
        if (kind == 1) throw new Base();
        if (kind == 2) throw new UncheckedIOException("io " + kind, null);
        if (kind == 3) throw new java.util.NoSuchElementException();
        throw new IllegalStateException("kind " + kind + " amount " + amount + '!');
    }

    static int argumentOrder(int x) {
        return mixed(x, x++) > 0 ? x : -x;
    }
}

class Helper {
    static int three() {
        return 3;
    }
}
