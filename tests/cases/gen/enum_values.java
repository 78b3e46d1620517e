package lookup;

// values() of an enum of the sources: iterated with an enhanced for (qualified, unqualified in
// the enum's own code, with var) and read for its length; a field of the enum read directly in
// its own code.
enum Role {
    ADMIN("adm", 3),
    EDITOR("edt", 2),
    VIEWER("vwr", 1);

    private final String code;
    private final int rank;

    Role(String code, int rank) {
        this.code = code;
        this.rank = rank;
    }

    String getCode() {
        return code;
    }

    static Role fromCode(String c) {
        for (Role r : Role.values()) {
            if (r.code.equals(c)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role");
    }

    static int atLeast(int rank) {
        int n = 0;
        for (var r : values()) {
            if (r.rank >= rank) {
                n++;
            }
        }
        return n;
    }
}

class Roles {
    static int count() {
        return Role.values().length;
    }

    static String codes() {
        String all = "";
        for (Role r : Role.values()) {
            all = all + r.getCode() + r.ordinal();
        }
        return all;
    }
}
