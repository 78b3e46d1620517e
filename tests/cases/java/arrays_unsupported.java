package cases;

class Grid {
    int[][] cells;

    static int corner(int[][] g) {
        return g[0][0];
    }

    static int cStyle() {
        int a[] = {1};
        return a[0];
    }

    static int nested() {
        int[] a = new int[2][3];
        return 0;
    }

    static void mixed(int[] a, long[] b) {
        System.arraycopy(a, 0, b, 0, 1);
    }

    static int clone(int[] a) {
        int[] b = a.clone();
        return b.length;
    }

    static void length(int[] a) {
        a.length = 3;
    }

    static int longIndex(int[] a, long i) {
        return a[i];
    }

    static int fine(int[] a) {
        return a.length;
    }
}
