package arrayqueue;

/** A queue of ints on a circular array of fixed capacity. */
public class IntQueue {
    private final int[] slots;
    private int head;
    private int count;

    public IntQueue(int capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        slots = new int[capacity];
    }

    public void enqueue(int x) {
        if (count == slots.length) {
            throw new IllegalStateException("full queue");
        }
        slots[(head + count) % slots.length] = x;
        count++;
    }

    public int dequeue() {
        if (count == 0) {
            throw new IllegalStateException("empty queue");
        }
        int x = slots[head];
        head = (head + 1) % slots.length;
        count--;
        return x;
    }

    public int peek() {
        if (count == 0) {
            throw new IllegalStateException("empty queue");
        }
        return slots[head];
    }

    public int size() {
        return count;
    }
}
