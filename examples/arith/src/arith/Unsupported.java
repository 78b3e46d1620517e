package arith;

/** hornet models double values exactly but not a division that rounds: mean is reported and skipped, midpoint still gets tests. */
public final class Unsupported {

    public static double mean(int a, int b) {
        return (a + b) / 2.0;
    }

    public static int midpoint(int a, int b) {
        return a + (b - a) / 2;
    }
}
