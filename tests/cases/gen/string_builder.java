package cases;

class StringBuilders {
    static String label(String name, int age) {
        StringBuilder sb = new StringBuilder();
        sb.append(name).append(" (").append(age).append(")");
        return sb.toString();
    }

    static String flags(boolean active, long id) {
        StringBuilder sb = new StringBuilder("#");
        sb.append(id);
        if (active) {
            sb.append("!");
        }
        return "" + sb;
    }

    static int size(String s) {
        StringBuilder sb = new StringBuilder(s);
        sb.append(s.isEmpty());
        int n = sb.length();
        if (n > 9) {
            return -1;
        }
        return n;
    }

    static String repeated(int n) {
        StringBuffer buffer = new StringBuffer();
        for (int i = 0; i < n && i < 3; i++) {
            buffer.append("ab");
        }
        String s = buffer.toString();
        return s;
    }

    // A chained initialiser: the builder made, then the appends on it, as javac runs it.
    static String where(String name) {
        StringBuilder sql = new StringBuilder("SELECT id FROM t").append(" WHERE 1 = 1");
        if (name != null) {
            sql.append(" AND name = ?");
        }
        return sql.toString();
    }
}
