package shop;

class SmallIntegers {
    // Java promotes bytes to int; the cast narrows with wrap-around.
    static byte next(byte b) {
        byte n = (byte) (b + 1);
        if (n < b) {
            return 0;
        }
        return n;
    }

    static short twice(short s) {
        s *= 2;
        return s;
    }

    static int grade(char c) {
        if (c >= 'a' && c <= 'z') {
            return c - 'a';
        }
        if (c == '\n') {
            return -2;
        }
        return -1;
    }

    static char upper(char c) {
        if (c >= 'a' && c <= 'z') {
            return (char) (c - 32);
        }
        return c;
    }

    static Byte age(Byte a) {
        if (a == null || a < 0) {
            return null;
        }
        byte b = a;
        b++;
        return b;
    }

    static Character initial(Character c) {
        if (c == null) {
            return 'x';
        }
        return c;
    }

    static int fromDouble(double d) {
        byte b = (byte) d;
        return b;
    }
}
