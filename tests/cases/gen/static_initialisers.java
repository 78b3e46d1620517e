package st;

class Config {
    static final String PREFIX;
    static final int LIMIT;

    static {
        PREFIX = "id-";
        LIMIT = 3;
    }

    static String label(int n) {
        if (n > LIMIT) {
            return PREFIX + "big";
        }
        return PREFIX + n;
    }
}

class Registry {
    private static final Registry INSTANCE = new Registry();
    static int calls;

    static {
        calls = 0;
        System.out.println("loaded");
    }

    static Registry get() {
        return INSTANCE;
    }
}
