package arraystack;

/** A stack of ints on an array that doubles when it is full. */
public class IntStack {
    private int[] elements;
    private int size;

    public IntStack(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive");
        }
        elements = new int[capacity];
    }

    public void push(int x) {
        if (size == elements.length) {
            grow();
        }
        elements[size] = x;
        size++;
    }

    private void grow() {
        int[] bigger = new int[2 * elements.length];
        for (int i = 0; i < size; i++) {
            bigger[i] = elements[i];
        }
        elements = bigger;
    }

    public int pop() {
        if (size == 0) {
            throw new IllegalStateException("empty stack");
        }
        size--;
        return elements[size];
    }

    public int peek() {
        if (size == 0) {
            throw new IllegalStateException("empty stack");
        }
        return elements[size - 1];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }
}
