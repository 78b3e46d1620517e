package cases;

class Cell {
    int value;
    int[] history;
}

class Arrays {
    static int[] make(int n) {
        return new int[n];
    }

    static int[] literals() {
        int[] a = {1, 2};
        long[] b = new long[] {3, 4L};
        boolean[] c = {};
        String[] d = {"x", null};
        return a;
    }

    static int sum(int[] a) {
        int total = 0;
        for (int i = 0; i < a.length; i++) {
            total += a[i];
        }
        return total;
    }

    static void bump(int[] a, int i) {
        a[i]++;
        a[i] += 2;
        --a[0];
    }

    static boolean same(int[] a, int[] b) {
        return a == b || a == null;
    }

    static int first(Cell[] cells) {
        return cells[0].value;
    }

    static void record(Cell cell, int v) {
        cell.history[0] = v;
        cell.history = new int[] {v, cell.history.length};
    }

    static void copy(String[] from, String[] to) {
        System.arraycopy(from, 0, to, 1, from.length - 1);
    }
}
