package box;

import java.util.Objects;

public class Boxes {
    private Integer count;

    // Unboxing a null box throws NullPointerException: a path of its own.
    static Integer next(Integer x) {
        return x + 1;
    }

    static Integer orNull(boolean found, int value) {
        return found ? value : null;
    }

    static int orDefault(Integer x, int fallback) {
        return x != null ? x : fallback;
    }

    static boolean below(Boolean flag, Long limit, int n) {
        if (flag) {
            return n < limit;
        }
        return limit == null;
    }

    static boolean same(Integer a, Integer b) {
        return Objects.equals(a, b);
    }

    static String describe(Integer n) {
        return "n=" + n;
    }

    int increment() {
        if (count == null) {
            count = 0;
        }
        count++;
        return count;
    }
}
