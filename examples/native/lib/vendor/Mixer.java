package vendor;

/**
 * Stands for third-party code whose source hornet is not given (a native hash function in the
 * real world). Its behaviour reaches hornet through examples/native/summaries/mixer.pl.
 */
public final class Mixer {
    private Mixer() {}

    /** Mixes a value into a running hash: h * 31 + v, with int overflow. */
    public static int mix(int h, int v) {
        return h * 31 + v;
    }

    /** The bucket of a hash among n buckets: never negative. */
    public static int bucket(int hash, int n) {
        return Math.floorMod(hash, n);
    }
}
