package cases;

class Conditions {
    static int classify(int a, int b) {
        if (a > 0 && b > 0) {
            return 1;
        }
        return a < 0 || b < 0 ? -1 : 0;
    }

    static boolean between(long x, long lo, long hi) {
        return !(x < lo) && x <= hi;
    }
}
