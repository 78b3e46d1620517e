package text;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

class Builders {
    static String label(String name, int age) {
        StringBuilder sb = new StringBuilder("n=");
        sb.append(name).append(" (").append(age).append(")");
        return sb.toString();
    }

    static long balance(Connection conn, int id) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT balance FROM account");
        sql.append(" WHERE id = ").append(id);
        ResultSet rs = conn.createStatement().executeQuery(sql.toString());
        if (!rs.next()) {
            return -1;
        }
        return rs.getLong(1);
    }

    static int filtered(Connection conn, boolean rich) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account");
        if (rich) {
            sql.append(" WHERE balance > 100");
        }
        return conn.createStatement().executeUpdate(sql.toString());
    }

    static String inserted(String s) {
        StringBuilder sb = new StringBuilder(s);
        sb.insert(0, "x");
        return sb.toString();
    }

    static String reversed(String s) {
        StringBuilder sb = new StringBuilder(s);
        return sb.reverse().toString();
    }

    static String truncated(String s) {
        StringBuilder sb = new StringBuilder(s);
        sb.setLength(1);
        return sb.toString();
    }

    static String escapes(String s) {
        StringBuilder sb = new StringBuilder();
        fill(sb, s);
        return sb.toString();
    }

    static void fill(StringBuilder sb, String s) {
        sb.append(s);
    }

    static String aliased() {
        StringBuilder sb = new StringBuilder();
        StringBuilder other = sb;
        other.append("x");
        return sb.toString();
    }

    static boolean compared(String s) {
        StringBuilder sb = new StringBuilder(s);
        return sb == null;
    }

    static StringBuilder returned() {
        return new StringBuilder();
    }

    static String capacity() {
        StringBuilder sb = new StringBuilder(16);
        return sb.toString();
    }

    static String chainValue(String s) {
        StringBuilder sb = new StringBuilder();
        String t = "" + sb.append(s);
        return t;
    }

    static String selfAppend() {
        StringBuilder sb = new StringBuilder("a");
        sb.append(sb.length());
        return sb.toString();
    }

    static String character() {
        StringBuilder sb = new StringBuilder();
        sb.append('c');
        return sb.toString();
    }

    static int deleted(String s) {
        StringBuffer buffer = new StringBuffer(s);
        buffer.deleteCharAt(0);
        return buffer.length();
    }

    static int chained(Connection conn, int id) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account");
        return conn.createStatement().executeUpdate(sql.append(" WHERE id = ").append(id).toString());
    }

    static String chainedText(String s) {
        StringBuilder sb = new StringBuilder();
        String t = sb.append(s).append("!").toString();
        return t;
    }

    private static final String DELETE_SQL = "DELETE FROM account";

    // Made from a constant and appended to in the chain: its text is known, as a literal's.
    static int fromConstant(Connection conn) throws SQLException {
        StringBuilder sql = new StringBuilder(DELETE_SQL).append(" WHERE balance = 0");
        return conn.createStatement().executeUpdate(sql.toString());
    }

    // Appended to on one path, then on every path: one text per path, chosen by the path.
    static int filteredThenOrdered(Connection conn, boolean rich) throws SQLException {
        StringBuilder sql = new StringBuilder(DELETE_SQL).append(" WHERE 1 = 1");
        if (rich) {
            sql.append(" AND balance > 100");
        }
        sql.append(" AND id > 0");
        return conn.createStatement().executeUpdate(sql.toString());
    }

    // Appended to in a loop: as many texts as trips, not followed.
    static int inLoop(Connection conn, int n) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account WHERE 1 = 1");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sql.append(" AND id > 0");
            }
        }
        return conn.createStatement().executeUpdate(sql.toString());
    }

    // A value appended under a condition: its text is not literal.
    static int valueAppended(Connection conn, Integer id) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account WHERE 1 = 1");
        if (id != null) {
            sql.append(" AND id = " + id);
        }
        return conn.createStatement().executeUpdate(sql.toString());
    }

    // Five conditional appends: 32 texts, more than are followed.
    static int fiveFilters(Connection conn, boolean a, boolean b, boolean c, boolean d, boolean e) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account WHERE 1 = 1");
        if (a) {
            sql.append(" AND id > 1");
        }
        if (b) {
            sql.append(" AND id > 2");
        }
        if (c) {
            sql.append(" AND id > 3");
        }
        if (d) {
            sql.append(" AND id > 4");
        }
        if (e) {
            sql.append(" AND id > 5");
        }
        return conn.createStatement().executeUpdate(sql.toString());
    }

    // The two arms of one if: never both appended on one path.
    static int eitherArm(Connection conn, boolean rich) throws SQLException {
        StringBuilder sql = new StringBuilder("DELETE FROM account");
        if (rich) {
            sql.append(" WHERE balance > 100");
        } else if (conn != null) {
            sql.append(" WHERE balance < 0");
        }
        return conn.createStatement().executeUpdate(sql.toString());
    }
}
