package arraystack;

/** A stack of ints on an array of fixed capacity: push throws when it is full. */
public class BoundedStack {
    private final int[] items;
    private int count;

    public BoundedStack(int capacity) {
        items = new int[capacity];
    }

    public void push(int x) {
        if (count == items.length) {
            throw new IllegalStateException("full stack");
        }
        items[count++] = x;
    }

    public int pop() {
        if (count == 0) {
            throw new IllegalStateException("empty stack");
        }
        return items[--count];
    }

    public boolean isFull() {
        return count == items.length;
    }

    /** The sum of the elements, from the top down. */
    public long sum() {
        long total = 0;
        for (int i = count - 1; i >= 0; i--) {
            total += items[i];
        }
        return total;
    }
}
