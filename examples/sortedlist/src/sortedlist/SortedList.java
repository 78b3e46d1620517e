package sortedlist;

import java.util.ArrayList;
import java.util.List;

/** Ints in ascending order on a list. */
public class SortedList {
    private final List<Integer> items = new ArrayList<>();

    /** Inserts x before the first greater value. */
    public void insert(int x) {
        int i = 0;
        while (i < items.size() && items.get(i) <= x) {
            i++;
        }
        items.add(i, x);
    }

    /** Whether x is in the list; the search stops at the first greater value. */
    public boolean contains(int x) {
        for (int i = 0; i < items.size(); i++) {
            int value = items.get(i);
            if (value == x) {
                return true;
            }
            if (value > x) {
                return false;
            }
        }
        return false;
    }

    /** Removes and returns the least value. */
    public int removeFirst() {
        if (items.isEmpty()) {
            throw new IllegalStateException("empty list");
        }
        return items.remove(0);
    }

    /** The value at index, or otherwise when there is none. */
    public int valueAtOr(int index, int otherwise) {
        try {
            return items.get(index);
        } catch (IndexOutOfBoundsException e) {
            return otherwise;
        }
    }

    /** The values of both sorted lists, sorted (a new list). */
    public static List<Integer> merge(List<Integer> a, List<Integer> b) {
        List<Integer> merged = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() && j < b.size()) {
            if (a.get(i) <= b.get(j)) {
                merged.add(a.get(i++));
            } else {
                merged.add(b.get(j++));
            }
        }
        while (i < a.size()) {
            merged.add(a.get(i++));
        }
        while (j < b.size()) {
            merged.add(b.get(j++));
        }
        return merged;
    }
}
