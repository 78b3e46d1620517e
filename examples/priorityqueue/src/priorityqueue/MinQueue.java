package priorityqueue;

import java.util.ArrayList;
import java.util.List;

/** A min priority queue of ints: a binary heap on a list (the children of i at 2i+1, 2i+2). */
public class MinQueue {
    private final List<Integer> heap = new ArrayList<>();

    /** Adds x, moving it up past every greater parent. */
    public void offer(int x) {
        heap.add(x);
        int i = heap.size() - 1;
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (heap.get(parent) <= x) {
                break;
            }
            heap.set(i, heap.get(parent));
            i = parent;
        }
        heap.set(i, x);
    }

    /** Removes and returns the least value; the last value moves down from the root. */
    public int poll() {
        if (heap.isEmpty()) {
            throw new IllegalStateException("empty queue");
        }
        int min = heap.get(0);
        int last = heap.remove(heap.size() - 1);
        if (!heap.isEmpty()) {
            siftDown(last);
        }
        return min;
    }

    /** Puts x at the root's place, moving it down past every lesser child. */
    private void siftDown(int x) {
        int n = heap.size();
        int i = 0;
        while (2 * i + 1 < n) {
            int child = 2 * i + 1;
            if (child + 1 < n && heap.get(child + 1) < heap.get(child)) {
                child++;
            }
            if (x <= heap.get(child)) {
                break;
            }
            heap.set(i, heap.get(child));
            i = child;
        }
        heap.set(i, x);
    }

    /** The least value, or the sentinel when the queue is empty. */
    public int peekOr(int sentinel) {
        return heap.isEmpty() ? sentinel : heap.get(0);
    }

    public int size() {
        return heap.size();
    }

    public boolean isEmpty() {
        return heap.isEmpty();
    }
}
