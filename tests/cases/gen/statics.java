// Static fields that are not final: read, written, through the class's name or plainly, and a
// lazily created singleton. The tests set them, restore them, and check them.
public class Counter {
    private static int count;
    static int limit = 3;
    private static Counter shared;

    private int hits;

    public static int next() {
        if (count >= limit) {
            count = 0;
        }
        count++;
        return count;
    }

    public static void reset() {
        Counter.count = 0;
    }

    public static Counter instance() {
        if (shared == null) {
            shared = new Counter();
        }
        return shared;
    }

    public int hit() {
        hits++;
        return Counter.next() + hits;
    }
}
