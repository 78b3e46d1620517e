package sortedarray;

/** A sorted list of ints on an array of fixed capacity. */
public class SortedInts {
    private final int[] values;
    private int size;

    public SortedInts(int capacity) {
        values = new int[capacity];
    }

    /** Inserts x where it keeps the values sorted; false when the list is full. */
    public boolean insert(int x) {
        if (size == values.length) {
            return false;
        }
        int i = size;
        while (i > 0 && values[i - 1] > x) {
            values[i] = values[i - 1];
            i--;
        }
        values[i] = x;
        size++;
        return true;
    }

    /** The position of x, or -1; the search stops at the first greater value. */
    public int indexOf(int x) {
        for (int i = 0; i < size; i++) {
            if (values[i] == x) {
                return i;
            }
            if (values[i] > x) {
                return -1;
            }
        }
        return -1;
    }

    public int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("no value at this index");
        }
        return values[index];
    }
}
