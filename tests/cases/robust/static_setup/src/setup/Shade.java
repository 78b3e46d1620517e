package setup;

/** A toString() of its own that is not one expression of the fields: the enum is not modelled. */
public enum Shade {
    LIGHT, DARK;

    @Override
    public String toString() {
        if (this == LIGHT) {
            return "light";
        }
        return "dark";
    }
}
