package shop;

// A constructor argument that is not a literal: not modelled, so the type is unknown where it
// is used.
enum Coin {
    PENNY(1), DIME(5 + 5);

    private final int cents;

    Coin(int cents) {
        this.cents = cents;
    }
}

// An enum with a method.
enum Size {
    SMALL, LARGE;

    boolean isLarge() {
        return this == LARGE;
    }
}

// A constant with a body of its own.
enum Shape {
    ROUND {
    },
    SQUARE
}

enum Colour {
    RED, GREEN, A_VERY_LONG_COLOUR_NAME
}

class Uses {
    static int cents(Coin c) {
        return 0;
    }

    static int second() {
        return Colour.values()[1].ordinal();
    }

    static int hash(Colour c) {
        return c.hashCode();
    }

    static boolean sameText(Colour c, String s) {
        return c.equals(s);
    }

    // name() of an enum with a name longer than 16 characters: names are known text, modelled
    // at any length.
    static String name(Colour c) {
        return c.name();
    }

    static int code(Colour c) {
        return switch (c) {
            case RED -> 1;
            case GREEN -> 2;
            case A_VERY_LONG_COLOUR_NAME -> 3;
        };
    }
}
