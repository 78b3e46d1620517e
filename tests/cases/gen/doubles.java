package shop;

class Doubles {
    // Sums, products and comparisons of doubles are exact in the model.
    static double total(double price, int quantity, double discount) {
        double gross = price * quantity;
        if (gross > 100.0) {
            return gross - discount;
        }
        return gross;
    }

    // A product of two inputs, compared with a literal; the (int) cast truncates.
    static int area(double width, double height) {
        double a = width * height;
        if (a >= 2.25) {
            return (int) a;
        }
        return -1;
    }

    // Boxes: null or a value.
    static Double orZero(Double amount) {
        if (amount == null) {
            return 0.5;
        }
        return amount + 1.5;
    }

    static float scaled(float f, long n) {
        float r = f * 2.0f - n;
        return r < 0 ? -r : r;
    }
}
