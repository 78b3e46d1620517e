package shop;

enum Status {
    NEW, PAID, SHIPPED
}

class Order {
    Status status;

    void pay() {
        if (status == Status.NEW) {
            status = Status.PAID;
        }
    }
}

class Orders {
    static int step(Status s) {
        switch (s) {
            case NEW:
                return 0;
            case PAID:
                return 1;
            default:
                return 2;
        }
    }

    static boolean isOpen(Status s) {
        return s != null && s != Status.SHIPPED;
    }

    static String describe(Status s) {
        return s.name() + " " + s.ordinal();
    }

    static int order(Status a, Status b) {
        return a.compareTo(b);
    }

    static Status parse(String text) {
        return Status.valueOf(text);
    }

    static boolean same(Status a, Status b) {
        return a.equals(b);
    }

    // Null passed to a composed callee takes the form of its shaped inputs.
    static int code(Status s) {
        if (s == null) {
            return -1;
        }
        return s.ordinal();
    }

    static int codeOfNothing() {
        return code(null);
    }

    static Status pick(boolean paid) {
        return paid ? Status.PAID : null;
    }
}
