package cases;

import java.util.List;

class SwitchesUnsupported {
    static final String NAME = "n";

    List<Integer> items;

    enum Colour { RED, GREEN }

    static int onLong(long x) {
        switch (x) {
            case 1: return 1;
            default: return 0;
        }
    }

    static int onName(int x, int y) {
        switch (x) {
            case y: return 1;
            default: return 0;
        }
    }

    static int onEnum(Colour c) {
        switch (c) {
            case RED: return 1;
            default: return 0;
        }
    }

    static int constantString(String s) {
        switch (s) {
            case NAME: return 1;
            default: return 0;
        }
    }

    static int guarded(int x) {
        return switch (x) {
            case Integer i when i > 3 -> 1;
            default -> 0;
        };
    }

    static boolean flag(int x) {
        return switch (x) {
            case 1 -> true;
            default -> false;
        };
    }

    static long mixed(int x) {
        return switch (x) {
            case 1 -> 1;
            default -> 2L;
        };
    }

    static int grow(List<Integer> xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
            xs.add(x);
        }
        return s;
    }

    static int passes(List<Integer> xs) {
        int s = 0;
        for (int x : xs) {
            s += touch(xs);
        }
        return s;
    }

    static int touch(List<Integer> xs) {
        return xs.size();
    }

    int overField() {
        int s = 0;
        for (int x : items) {
            s += helper();
        }
        return s;
    }

    int helper() {
        return 1;
    }

    static int overString(String s) {
        int n = 0;
        for (int c : s) {
            n++;
        }
        return n;
    }
}
