package exceptions;

/** Failures made and returned rather than thrown: a caller decides whether to throw them. */
public class Outcomes {
    /** The failure of a blank name, or null when the name is fine. */
    public static RuntimeException nameProblem(String name) {
        if (name == null || name.isEmpty()) {
            return new IllegalArgumentException("name required");
        }
        return null;
    }

    /** The checked failure of going over a limit, or null within it. */
    public static LimitExceeded overLimit(int used, int limit) {
        if (used > limit) {
            return new LimitExceeded("limit " + limit);
        }
        return null;
    }

    /** A failed write's exception, made from its error code; none for success. */
    public static StoreException writeFailure(int code) {
        if (code != 0) {
            return new StoreException(code);
        }
        return null;
    }
}
