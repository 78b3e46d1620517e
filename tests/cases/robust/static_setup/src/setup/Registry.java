package setup;

/** An eager singleton and a static initialiser with side effects: reported, with what to do. */
public class Registry {
    private static final Registry INSTANCE = new Registry();
    private static int loaded;

    static {
        loaded = 1;
        System.out.println("loaded");
    }

    public static Registry getInstance() {
        return INSTANCE;
    }

    public static int twice(int n) {
        return 2 * n;
    }
}
