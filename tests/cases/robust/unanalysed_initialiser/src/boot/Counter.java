package boot;

/** A static initialiser that computes state a test cannot know. */
public class Counter {
    static int start;

    static {
        start = (int) (System.nanoTime() % 7);
    }

    public int next(int n) {
        return n + 1;
    }
}
