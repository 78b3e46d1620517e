package zoo;

class Base {
    int size;

    int size() {
        return size;
    }
}

class Hiding extends Base {
    int size;

    int bigger() {
        return size + 1;
    }
}

class Builder extends StringBuilder {
    int count() {
        return 0;
    }
}

interface Named {
    static String prefix() {
        return "n";
    }

    int id();
}

class Checks {
    static boolean isBase(Object o) {
        return o instanceof Base;
    }

    static int pattern(Base b) {
        if (b instanceof Hiding h) {
            return 1;
        }
        return 0;
    }

    static int abstractNew() {
        Named n = new Named();
        return n.id();
    }
}
