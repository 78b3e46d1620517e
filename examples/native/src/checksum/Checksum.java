package checksum;

import vendor.Mixer;

/** Checksums and bucketing built on a hash function hornet only knows by its summary. */
public class Checksum {

    /** The hash of a pair, through the vendor's mixing function. */
    public static int pairHash(int a, int b) {
        int h = Mixer.mix(17, a);
        return Mixer.mix(h, b);
    }

    /** Which of n shards holds the pair (a, b); n must be positive. */
    public static int shardOf(int a, int b, int shards) {
        if (shards <= 0) {
            throw new IllegalArgumentException("shards must be positive");
        }
        int bucket = Mixer.bucket(pairHash(a, b), shards);
        if (bucket == 0) {
            return shards;
        }
        return bucket;
    }

    /** Whether two pairs collide in a table of the given size. */
    public static boolean collide(int a, int b, int c, int d, int size) {
        return shardOf(a, b, size) == shardOf(c, d, size);
    }
}
