package boxed;

import java.util.Objects;

/** Boxes without a database: defaults, unboxing, equality and counting. */
public class Ages {
    public static int orDefault(Integer age, int fallback) {
        return age != null ? age : fallback;
    }

    public static Long total(Long a, long b) {
        if (a == null) {
            return null;
        }
        return a + b;
    }

    public static boolean sameAge(Integer a, Integer b) {
        return Objects.equals(a, b);
    }

    public static boolean is(Integer a, int b) {
        return a.equals(b);
    }

    public static int flag(Boolean on) {
        if (on) {
            return 1;
        }
        return 0;
    }

    public static Integer older(Integer age) {
        Integer next = age;
        next += 1;
        return next;
    }
}
