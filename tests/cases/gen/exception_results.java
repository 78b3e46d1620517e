package results;

// Exceptions made with `new X(...)` and returned rather than thrown: the tests check the
// returned exception's class, message, cause and fields' getters, as for a thrown one.
class NotFound extends Exception {
    private final long id;

    NotFound(String message, long id) {
        super(message);
        this.id = id;
    }

    long getId() {
        return id;
    }
}

class Wrapped extends RuntimeException {
    Wrapped(String message, Throwable cause) {
        super(message, cause);
    }
}

class Results {
    static RuntimeException invalid(String what) {
        return new IllegalArgumentException("invalid " + what);
    }

    static NotFound missing(long id) {
        if (id <= 0) {
            return new NotFound("bad id", id);
        }
        return new NotFound("no row", id);
    }

    static void check(int n) {
        if (n < 0) {
            throw new IllegalStateException("negative");
        }
    }

    // null when the check passes, else the failure wrapping what it threw.
    static RuntimeException failure(int n) {
        try {
            check(n);
            return null;
        } catch (IllegalStateException e) {
            return new Wrapped("check failed", e);
        }
    }
}
