package roles;

/** A plan's level: its code in the database and the quota it gives. */
public enum Level {
    BASIC("B", 10),
    PREMIUM("P", 100),
    UNLIMITED("U", -1);

    private final String code;
    private final int quota;

    Level(String code, int quota) {
        this.code = code;
        this.quota = quota;
    }

    public String getCode() {
        return code;
    }

    public int getQuota() {
        return this.quota;
    }
}
