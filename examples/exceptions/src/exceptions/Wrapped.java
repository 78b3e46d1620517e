package exceptions;

/** Exceptions wrapped in another and read back through getCause(). */
public class Wrapped {
    /** A negative amount is an IllegalStateException of its own; a LimitExceeded is wrapped. */
    private static void checked(int amount, int limit) {
        if (amount < 0) {
            throw new IllegalStateException("negative amount");
        }
        try {
            Guarded.check(amount, limit);
        } catch (LimitExceeded e) {
            throw new IllegalStateException("over the limit", e);
        }
    }

    /** What went wrong: the cause's message when there is one (held in a local), else the
     *  wrapper's own. */
    public static String problem(int amount, int limit) {
        try {
            checked(amount, limit);
            return "fine";
        } catch (IllegalStateException e) {
            Throwable cause = e.getCause();
            if (cause == null) {
                return e.getMessage();
            }
            return "limit: " + cause.getMessage();
        }
    }

    /** The cause's message read without looking for one: no cause is a NullPointerException. */
    public static String causeMessage(int amount, int limit) {
        try {
            checked(amount, limit);
            return "fine";
        } catch (IllegalStateException e) {
            return e.getCause().getMessage();
        }
    }

    /** Whether the wrapper has a cause of the example's own class, the caught exception kept
     *  in a local of a superclass. */
    public static boolean overLimit(int amount, int limit) {
        try {
            checked(amount, limit);
            return false;
        } catch (IllegalStateException e) {
            RuntimeException wrapper = e;
            return wrapper.getCause() instanceof LimitExceeded;
        }
    }
}
