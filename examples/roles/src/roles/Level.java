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

    /** Whether the level has a quota at all. */
    public boolean isLimited() {
        return quota >= 0;
    }

    /** Its code and quota, as a log line shows it. */
    @Override
    public String toString() {
        return code + ":" + quota;
    }

    /** The level stored under a code; null for a blank or unknown one. */
    public static Level fromCode(String code) {
        if (Codes.isBlank(code)) {
            return null;
        }
        if (code.equals("B")) {
            return BASIC;
        } else if (code.equals("P")) {
            return Level.PREMIUM;
        }
        return code.equals("U") ? UNLIMITED : null;
    }

    /** The level giving a quota, found among all levels as lookups by a field usually are. */
    public static Level ofQuota(int quota) {
        for (Level level : Level.values()) {
            if (level.quota == quota) {
                return level;
            }
        }
        return null;
    }

    /** How many levels there are. */
    public static int count() {
        return values().length;
    }
}
