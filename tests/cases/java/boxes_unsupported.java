package box;

import java.util.List;

public class BoxesUnsupported {
    // Reference comparison of two boxes depends on the JVM's cache of small boxes.
    static boolean same(Integer a, Integer b) {
        return a == b;
    }

    static int parse(String s) {
        return Integer.parseInt(s);
    }

    static Double ratio(Double d) {
        return d;
    }

    static Short small(Short s) {
        return s;
    }

    static Character letter(Character c) {
        return c;
    }

    static int choose(Integer n) {
        switch (n) {
            case 1:
                return 10;
            default:
                return 0;
        }
    }

    static int hash(Integer n) {
        return n.hashCode();
    }

    static boolean mixed(Integer a, Long b) {
        return a.equals(b);
    }

    static Integer[] many(Integer[] xs) {
        return xs;
    }

    static void add(List<Integer> xs, Integer x) {
        xs.add(x);
    }

    // Still analysed: the other methods get their tests.
    static Integer fine(Integer a) {
        return a;
    }
}
