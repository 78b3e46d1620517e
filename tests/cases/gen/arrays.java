package cases;

class Counter {
    int count;
}

class Arrays {
    static int get(int[] a, int i) {
        return a[i];
    }

    static void fill(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            a[i] = v;
        }
    }

    static int[] grow(int[] a) {
        int[] b = new int[a.length + 1];
        System.arraycopy(a, 0, b, 0, a.length);
        return b;
    }

    static void tick(Counter[] counters, int i) {
        counters[i].count++;
    }

    static boolean alias(long[] a, long[] b) {
        return a == b;
    }
}
