package results;

// Returned exceptions hornet does not model: anything but `new X(...)` or null.
class Results {
    static RuntimeException either(boolean b, String m) {
        return b ? new IllegalStateException(m) : new IllegalArgumentException(m);
    }

    static RuntimeException stored(String m) {
        RuntimeException e = new IllegalStateException(m);
        return e;
    }

    static Exception caught(String s) {
        try {
            Integer.parseInt(s);
            return null;
        } catch (NumberFormatException e) {
            return e;
        }
    }
}
