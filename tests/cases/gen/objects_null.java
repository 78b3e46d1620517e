package objs;

import java.util.Objects;

public class ObjectsNull {
    private String name;

    // Objects.isNull and nonNull: a library call giving a boolean, the caller's `if` the only
    // branch.
    static int kind(String s, Integer i, ObjectsNull o) {
        if (Objects.isNull(s)) {
            return 0;
        }
        if (java.util.Objects.nonNull(o)) {
            return 1;
        }
        return Objects.isNull(i) ? 2 : 3;
    }

    static boolean nothing() {
        return Objects.isNull(null);
    }
}
