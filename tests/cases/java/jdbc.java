package bank;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;

class Accounts {
    static final String TABLE = "account";
    static final String BALANCE_OF = "SELECT balance AS amount FROM " + TABLE + " WHERE id = ";

    private static String byOwner(String column) {
        return "SELECT " + column + " FROM account WHERE owner = ?";
    }

    static long balance(Connection conn, int id) throws SQLException {
        Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery(BALANCE_OF + id);
        if (!rs.next()) {
            return -1;
        }
        long amount = rs.getLong("amount");
        rs.close();
        return amount;
    }

    static int count(Connection conn, String owner) throws SQLException {
        String sql = byOwner("COUNT(*)");
        PreparedStatement ps = conn.prepareStatement(sql);
        ps.setString(1, owner);
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    static int open(Connection conn, int id, String owner) throws SQLException {
        String sql = "INSERT INTO account (id, owner, balance) VALUES (?, ?, 0)";
        sql += "";
        PreparedStatement ps = conn.prepareStatement(sql);
        ps.setInt(1, id);
        if (owner == null) {
            ps.setNull(2, Types.VARCHAR);
        } else {
            ps.setString(2, owner);
        }
        return ps.executeUpdate();
    }

    static int pathDependent(Connection conn, boolean all) throws SQLException {
        String sql = "DELETE FROM account WHERE balance = 0";
        if (all) {
            sql = "DELETE FROM account WHERE balance >= 0";
        }
        return conn.createStatement().executeUpdate(sql);
    }

    static int unknownColumn(Connection conn) throws SQLException {
        return conn.createStatement().executeUpdate("UPDATE account SET bal = 0");
    }

    static int ownersLike(Connection conn, String keyword) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM account WHERE owner LIKE ?");
        ps.setString(1, "%" + keyword + "%");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    static int ownersStarting(Connection conn, String prefix) throws SQLException {
        String pattern = prefix + "%";
        String where = " WHERE owner LIKE '" + pattern + "'";
        ResultSet rs = conn.createStatement().executeQuery("SELECT COUNT(*) FROM account" + where);
        rs.next();
        return rs.getInt(1) + pattern.length();
    }

    static int textAsValue(Connection conn) throws SQLException {
        String sql = "DELETE FROM account WHERE balance = 0";
        return sql.length();
    }

    static String ownerOrNull(Connection conn, boolean known) throws SQLException {
        java.sql.Statement st = null;
        try {
            st = conn.createStatement();
            ResultSet rs = st.executeQuery("SELECT owner FROM account");
            return known && rs.next() ? rs.getString(1) : null;
        } finally {
            if (st != null) {
                st.close();
            }
        }
    }

    static int openKeyed(Connection conn, String owner) throws SQLException {
        boolean auto = conn.getAutoCommit();
        PreparedStatement ps = conn.prepareStatement("INSERT INTO account (id, owner, balance) VALUES (1, ?, 0)", Statement.RETURN_GENERATED_KEYS);
        ps.setString(1, owner);
        ps.executeUpdate();
        ResultSet keys = ps.getGeneratedKeys();
        conn.setAutoCommit(auto);
        return keys.next() ? keys.getInt(1) : -1;
    }

    static PreparedStatement keysByName(Connection conn) throws SQLException {
        return conn.prepareStatement("DELETE FROM account", new String[] {"id"});
    }

    // A loop of a fixed trip count whose body makes JDBC calls stays bounded by k (LoopEnter and
    // LoopIter kept): run to the end, its query's search is the user's choice (--k 4).
    static int ownersLikeAny(Connection conn, String like) throws SQLException {
        PreparedStatement ps = conn.prepareStatement(
            "SELECT COUNT(*) FROM account WHERE owner LIKE ? OR owner LIKE ? OR owner LIKE ? OR owner LIKE ?");
        for (int i = 1; i <= 4; i++) {
            ps.setString(i, like);
        }
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }
}
