package plans;

enum Tier {
    FREE("F", 0),
    GOLD("G", 50);

    private final String letter;
    private final int discount;

    Tier(String letter, int discount) {
        this.letter = letter;
        this.discount = discount;
    }

    String getLetter() {
        return letter;
    }

    // Computed from the fields per constant: a value known for each constant.
    boolean isPaid() {
        return discount > 0;
    }

    // Its own toString(): string conversion gives it too.
    @Override
    public String toString() {
        return letter + "-" + discount + "%";
    }

    // A static method of the enum: a static call of its class, naming constants bare.
    static Tier of(String letter) {
        if (Letters.empty(letter)) {
            return null;
        }
        return letter.equals("G") ? GOLD : FREE;
    }
}

class Letters {
    static boolean empty(String s) {
        return s == null || s.isEmpty();
    }
}

class Shop {
    static String label(Tier tier) {
        if (tier.isPaid()) {
            return "paid " + tier;
        }
        return tier.toString();
    }

    static int discountOf(String letter) {
        Tier tier = Tier.of(letter);
        return tier == null ? -1 : tier.ordinal();
    }
}
