package cases;

import java.util.ArrayList;
import java.util.List;

class Bag {
    List<Integer> items = new ArrayList<>();

    void put(int x) {
        items.add(x);
    }

    int takeLast() {
        return items.remove(items.size() - 1);
    }
}

class Lists {
    static List<Integer> pair(int a, int b) {
        List<Integer> xs = new ArrayList<Integer>();
        xs.add(a);
        xs.add(0, b);
        return xs;
    }

    static int swapFirst(List<Integer> xs, int x) {
        return xs.set(0, x);
    }

    static boolean same(List<Integer> a, List<Integer> b) {
        return a == b || b == null;
    }

    static int firstOr(List<Integer> xs, int otherwise) {
        return xs.isEmpty() ? otherwise : xs.get(0);
    }

    static boolean firstIs(List<Integer> xs, int x) {
        return xs.get(0) == x;
    }

    static int removeAt(List<Integer> xs, long i) {
        return xs.remove((int) i);
    }

    static void reset(List<Integer> xs) {
        xs.clear();
    }

    static List<Integer> copy(List<Integer> xs, int capacity) {
        List<Integer> sized = new ArrayList<>(capacity);
        return xs.isEmpty() ? sized : new ArrayList<>(xs);
    }
}
