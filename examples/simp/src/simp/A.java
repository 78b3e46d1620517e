package simp;

/** The helpers of the paper's running example (Albert et al., Fig. 1). */
class A {
    static int abs(int x) {
        if (x >= 0) return x;
        else return -x;
    }

    static int gcd(int a, int b) {
        int res;
        while (b != 0) {
            res = a % b;
            a = b;
            b = res;
        }
        return abs(a);
    }
}
