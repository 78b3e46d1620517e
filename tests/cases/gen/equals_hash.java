package beans;

import java.util.Objects;

// equals(Object) and hashCode() as IDEs write them, and what is reported around them.
public class Pair {
    private int left;
    private String label;

    public Pair(int left, String label) {
        this.left = left;
        this.label = label;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) return true;
        if (o == null || o.getClass() != this.getClass()) return false;
        Pair pair = (Pair) o;
        return left == pair.left && Objects.equals(label, pair.label);
    }

    @Override
    public int hashCode() {
        return Objects.hash(left, label, 7L, -1L, true);
    }

    // "Aa" hashes to 2112: the label a test needs is found from the hash.
    public boolean hashes2112() {
        return label.hashCode() == 2112;
    }

    // Reported: equals(Object) is modelled where it is analysed, not at its call sites.
    public boolean sameAs(Pair other) {
        return equals(other);
    }
}

class Other {
    private int x;

    // Reported: a method called on the Object parameter.
    public boolean equals(Object o) {
        return o.hashCode() == x;
    }

    // Reported: Object anywhere else.
    public boolean isPair(Object o) {
        return o instanceof Pair;
    }

    // Reported: an object's hash is its own hashCode().
    public int hashCode() {
        return Objects.hash(this);
    }
}
