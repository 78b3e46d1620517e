package fraction;

/** The running example of the paper, without arrays: a fraction reduced to lowest terms. */
public class Fraction {
    int num;
    int den;

    public Fraction(int num, int den) {
        if (den == 0) {
            throw new IllegalArgumentException("zero denominator");
        }
        this.num = num;
        this.den = den;
    }

    static int abs(int x) {
        return x < 0 ? -x : x;
    }

    static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    public void simplify() {
        int g = gcd(abs(num), abs(den));
        if (g != 0) {
            num = num / g;
            den = den / g;
        }
    }

    /** The inverse, a new fraction: den / num. */
    public Fraction inverse() {
        return new Fraction(den, num);
    }
}
