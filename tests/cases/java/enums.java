package shop;

// An enum that lists its constants: a type of parameters, locals, fields and results.
enum Status {
    NEW, PAID, SHIPPED
}

class Order {
    Status status;
    int amount;

    // A field of an enum type, assigned a constant and compared with one.
    void pay() {
        if (status == Status.NEW) {
            status = Status.PAID;
        }
    }
}

class Orders {
    // == and != between values of the enum and with null: reference tests.
    static boolean isOpen(Status s) {
        return s != null && s != Status.SHIPPED;
    }

    // A switch calls ordinal() first (NullPointerException on null), then tests positions.
    static int step(Status s) {
        switch (s) {
            case NEW:
                return 0;
            case PAID:
            case SHIPPED:
                return 1;
            default:
                return -1;
        }
    }

    // A switch rule without a default on a constant: the others go where the switch ends.
    static int weight(Status s) {
        int w = 0;
        switch (s) {
            case PAID -> w = 2;
            default -> w = 1;
        }
        return w;
    }

    // The methods of java.lang.Enum.
    static int position(Status s) {
        return s.ordinal();
    }

    static String text(Status s) {
        return s.name() + "/" + s.toString();
    }

    static boolean same(Status a, Status b) {
        return a.equals(b);
    }

    static int order(Status a, Status b) {
        return a.compareTo(b);
    }

    static Status parse(String text) {
        return Status.valueOf(text);
    }

    // Concatenation gives the name, or "null".
    static String label(Status s) {
        return "status " + s;
    }

    // A local and a result of the enum type; a fully qualified constant.
    static Status next(Status s) {
        Status result = null;
        if (s == shop.Status.NEW) {
            result = Status.PAID;
        } else if (s == Status.PAID) {
            result = Status.SHIPPED;
        }
        return result;
    }

    // The constant as a receiver.
    static boolean isPaid(Status s) {
        return Status.PAID.equals(s);
    }

    // A conditional of the enum type, and null passed for an enum parameter.
    static Status orNew(Status s) {
        return s == null ? Status.NEW : s;
    }

    static boolean openNothing() {
        return isOpen(null);
    }
}
