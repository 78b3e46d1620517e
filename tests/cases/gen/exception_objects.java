package cases;

// Exception classes of the sources as objects: the message and cause their constructors give
// Throwable (through super(...) and this(...), fields stored beside), read back with
// getMessage(), rethrown, wrapped as a cause; each test checks the class, the message where the
// path determines it, and the cause's class.
class StoreException extends Exception {
    StoreException(String message) {
        super(message);
    }

    StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}

class MissingException extends StoreException {
    private final int id;

    MissingException(int id) {
        this("no item", id);
    }

    MissingException(String message, int id) {
        super(message);
        this.id = id;
    }

    int getId() {
        return id;
    }
}

class WrappedException extends RuntimeException {
    WrappedException(Throwable cause) {
        super(cause);
    }
}

class ShownException extends RuntimeException {
    ShownException(String message) {
        super(message);
    }

    @Override
    public String getMessage() {
        return "shown: " + super.getMessage();
    }
}

class ExceptionObjects {
    static int find(int id) throws StoreException {
        if (id < 0) {
            throw new StoreException("bad id " + id);
        }
        if (id == 0) {
            throw new MissingException(id);
        }
        return id;
    }

    static String describe(int id) {
        try {
            find(id);
            return "found";
        } catch (MissingException e) {
            return e.getMessage();
        } catch (StoreException e) {
            e.printStackTrace();
            return "failed: " + e.getMessage();
        }
    }

    static int wrapped(int id) {
        try {
            return find(id);
        } catch (StoreException e) {
            throw new WrappedException(e);
        }
    }

    static int rethrown(int id, String why) throws StoreException {
        try {
            return find(id);
        } catch (MissingException e) {
            throw new StoreException(why, e);
        } catch (StoreException e) {
            throw e;
        }
    }

    static int divided(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException | IllegalStateException e) {
            throw new IllegalArgumentException("cannot divide " + a, e);
        }
    }

    static void shown(boolean fail) {
        if (fail) {
            throw new ShownException("x");
        }
    }

    static String jvmMessage(int a, int b) {
        try {
            return "" + a / b;
        } catch (ArithmeticException e) {
            return e.getMessage();
        }
    }
}
