package cases;

import java.util.List;

class ForEach {
    static int sum(int[] xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static int countPositive(List<Integer> xs) {
        int c = 0;
        for (Integer x : xs) {
            if (x > 0) {
                c++;
            }
        }
        return c;
    }

    static long widen(int[] xs) {
        long s = 0;
        for (long x : xs) {
            s += x;
        }
        return s;
    }

    static int firstNegative(List<Integer> xs) {
        for (int x : xs) {
            if (x < 0) {
                return x;
            }
        }
        return 0;
    }
}
