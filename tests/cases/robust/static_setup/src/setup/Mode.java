package setup;

/** A method with a parameter is reported; the enum and its other members are still modelled. */
public enum Mode {
    READ("r"),
    WRITE("w");

    private final String flag;

    Mode(String flag) {
        this.flag = flag;
    }

    public String getFlag() {
        return flag;
    }

    public boolean allows(Mode other) {
        return this == WRITE || other == READ;
    }
}
