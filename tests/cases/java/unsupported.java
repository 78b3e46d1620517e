package geo;

import java.util.List;

interface Shape {
    double area();
}

enum Color { RED, GREEN }

public class Unsupported {
    private int count;
    static int counter = 0;
    static final int MASK = 0xF0 & 0x3C;
    static final String NAME = "unsupported";

    Unsupported(int count) {
        this.count = count;
    }

    static class Loaded {
        static { counter = 1; }
    }

    double area() {
        return 1.0;
    }

    static double half(int x) {
        return x / 2.0;
    }

    static int bump() {
        return counter++;
    }

    static int mask(int x) {
        return x & MASK;
    }

    static int shift(int x) {
        return x << 2;
    }

    static boolean eager(boolean a, boolean b) {
        return a | b;
    }

    static int strings(int x) {
        String s = "x";
        return x;
    }

    static int arrays(int[] xs) {
        return xs[0];
    }

    static int unknownCall(int x) {
        return Foo.bar(x);
    }

    static int listSize(List<Integer> xs) {
        return 0;
    }

    static int switching(int x) {
        switch (x) {
            case 1: return 1;
            default: return 0;
        }
    }

    static int labelled(int n) {
        outer:
        for (int i = 0; i < n; i++) {
            break outer;
        }
        return n;
    }

    static int tryCatch(int x) {
        try {
            return 1 / x;
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    static int messageCall(int x) {
        if (x < 0) throw new IllegalArgumentException(describe(x));
        return x;
    }

    static int callsSkipped(int x) {
        return strings(x) + 1;
    }

    static int callsCaller(int x) {
        return callsSkipped(x);
    }

    static char letter() {
        return 'a';
    }

    static int newObject() {
        Object o = new Object();
        return 0;
    }

    static int usesName(int x) {
        return x + NAME.length();
    }

    static int fine(int x) {
        return x + 1;
    }

    static <T> int generic(int x) {
        return x;
    }

    static class Nested {
        static int inner() {
            return 1;
        }
    }
}

class OnlyUnsupported {
    int value;

    int get() {
        return value;
    }
}
