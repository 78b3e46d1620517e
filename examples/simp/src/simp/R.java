package simp;

/**
 * The running example of Albert et al., "Compositional CLP-based test data generation for
 * imperative languages" (Fig. 1): simp simplifies an array of rationals in place and returns
 * a copy of the array as it was, made by the native System.arraycopy (modelled by the
 * hand-written summary summaries/java_lang_system.pl). The copy is shallow: it holds the same
 * rationals, simplified too.
 */
public class R {
    int n;
    int d;

    void simplify() {
        int gcd = A.gcd(n, d);
        n = n / gcd;
        d = d / gcd;
    }

    static R[] simp(R[] rs) {
        int length = rs.length;
        R[] oldRs = new R[length];
        System.arraycopy(rs, 0, oldRs, 0, length);
        for (int i = 0; i < length; i++) {
            rs[i].simplify();
        }
        return oldRs;
    }
}
