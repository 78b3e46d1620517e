// An enum whose constants pass literals to its constructor, which sets final fields read by
// getters: each getter is the constant's value (one path, not one per constant); its static
// methods are analysed as any class's, its own toString() of its fields is a value per constant.
enum Status {
    OPEN("O", 1, true),
    CLOSED("C", 2, false),
    ARCHIVED("ARCHIVED_FOR_GOOD_AND_EVER", -3, false);

    private final String code;
    private final int weight;
    private final boolean active;

    Status(String code, int weight, boolean active) {
        this.code = code;
        this.weight = weight;
        this.active = active;
    }

    public String getCode() {
        return code;
    }

    public int getWeight() {
        return this.weight;
    }

    public boolean isActive() {
        return active;
    }

    public static Status fromCode(String code) {
        return OPEN;
    }
}

enum Coin {
    PENNY(1), DIME(10);

    private final int cents;

    Coin(int cents) {
        this.cents = cents;
    }

    @Override
    public String toString() {
        return cents + "c";
    }
}

class Tickets {
    static String code(Status s) {
        return s.getCode();
    }

    static int score(Status s, int base) {
        if (s.isActive()) {
            return base + s.getWeight();
        }
        return base - s.getWeight();
    }

    static int codeLength(Status s) {
        return s.getCode().length();
    }

    static boolean archived(Status s) {
        return s.getWeight() < 0;
    }

    static String parsed(String code) {
        return Status.fromCode(code).getCode();
    }
}
