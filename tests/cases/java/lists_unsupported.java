package cases;

import java.util.ArrayList;
import java.util.List;

class Words {
    List<String> words;

    static int total(List<Integer> xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static void dropValue(List<Integer> xs, int x) {
        xs.remove(Integer.valueOf(x));
    }

    static void dropBoxed(List<Integer> xs, int x) {
        xs.remove((Integer) x);
    }

    static void dropFirstValue(List<Integer> xs) {
        xs.remove(xs.get(0));
    }

    static int last(List<Integer> xs, int x) {
        return xs.lastIndexOf(x);
    }

    static boolean sameFirst(List<Integer> a, List<Integer> b) {
        return a.get(0) == b.get(0);
    }

    static void addNull(List<Integer> xs) {
        xs.add(null);
    }

    static int size(List<String> names) {
        return names.size();
    }

    static boolean sameOfEither(List<Integer> a, boolean first) {
        return (first ? a.get(0) : a.get(1)) == a.get(2);
    }

    static boolean present(List<Integer> xs) {
        return xs.get(0) != null;
    }

    static List<Integer> constant() {
        return List.of(1, 2);
    }

    int wordCount() {
        return words.size();
    }

    static int fine(List<Integer> xs) {
        return xs.size();
    }
}
