package cases;

import java.util.ArrayList;
import java.util.List;

class Lists {
    static int get(List<Integer> xs, int i) {
        return xs.get(i);
    }

    static void insert(List<Integer> xs, int i, int x) {
        xs.add(i, x);
    }

    static int removeAt(List<Integer> xs, int i) {
        return xs.remove(i);
    }

    static List<Integer> upTo(int n) {
        List<Integer> xs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            xs.add(i);
        }
        return xs;
    }

    static List<Integer> copyWith(List<Integer> xs, int x) {
        List<Integer> copy = new ArrayList<>(xs);
        copy.add(x);
        return copy;
    }

    static int find(List<Integer> xs, int x) {
        return xs.contains(x) ? xs.indexOf(x) : -1;
    }

    static int addBoth(List<Integer> a, List<Integer> b) {
        a.add(1);
        b.add(2);
        return a.size();
    }
}
