package sync;

public class Registry {
    private static Registry instance;
    private int count;

    // The double-checked singleton: the lock (a class literal) is never null, the body runs.
    public static Registry getInstance() {
        if (instance == null) {
            synchronized (Registry.class) {
                if (instance == null) {
                    instance = new Registry();
                }
            }
        }
        return instance;
    }

    // The modifier changes no path.
    public synchronized int next() {
        return ++count;
    }

    // A lock that may be null throws NullPointerException before the body.
    public int locked(Registry other, String key) {
        synchronized (other) {
            other.count++;
        }
        synchronized (key) {
            return key.length();
        }
    }

    public int onThis() {
        synchronized (this) {
            return count;
        }
    }
}
