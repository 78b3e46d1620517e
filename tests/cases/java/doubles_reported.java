package shop;

class DoublesReported {
    static double half(double a) {
        return a / 2;
    }

    static double tenth() {
        return 0.1;
    }

    static boolean same(Double a, Double b) {
        return a.equals(b);
    }

    static double rest(double a) {
        return a % 1.0;
    }
}
