package box;

import java.util.Objects;

public class Boxes {
    private Integer count;

    // Boxing on return, unboxing on arithmetic: valueOf and intValue calls, as javac emits.
    static Integer next(Integer x) {
        return x + 1;
    }

    // `cond ? int : null` is an Integer: the int arm is boxed.
    static Integer orNull(boolean found, int value) {
        return found ? value : null;
    }

    // `cond ? Integer : int` is an int: the Integer arm is unboxed.
    static int orDefault(Integer x, int fallback) {
        return x != null ? x : fallback;
    }

    // A Boolean condition is unboxed; a comparison with a primitive unboxes, then widens.
    static boolean check(Boolean flag, Long limit, int n) {
        if (flag) {
            return n < limit;
        }
        return limit == null;
    }

    static boolean equal(Integer a, Integer b, Long c) {
        return a.equals(b) && Objects.equals(a, 3) && c.equals(4L);
    }

    static long widen(Integer a) {
        long wide = a;
        return wide + a.longValue();
    }

    // Compound assignment and increment on a box box the new value again.
    static Integer bump(Integer n) {
        n += 2;
        n++;
        return n;
    }

    // Concatenation gives a box's text, or "null".
    static String describe(Integer n) {
        return "n=" + n;
    }

    void increment() {
        if (count == null) {
            count = 0;
        }
        count++;
    }
}
