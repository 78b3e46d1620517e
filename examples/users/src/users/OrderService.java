package users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Orders: a checked exception wrapped in an unchecked one, a conditional, cleanup in finally. */
public class OrderService {
    public static final int MAX_AMOUNT = 10000;

    public static int cancel(Connection conn, int orderId) {
        try {
            PreparedStatement ps = conn.prepareStatement("UPDATE orders SET status = 'CANCELLED' WHERE id = ? AND status = 'NEW'");
            ps.setInt(1, orderId);
            int n = ps.executeUpdate();
            ps.close();
            return n;
        } catch (SQLException e) {
            throw new DataAccessException("cancel failed", e);
        }
    }

    public static String statusOf(Connection conn, long orderId) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT status FROM orders WHERE id = ?");
        ps.setLong(1, orderId);
        ResultSet rs = ps.executeQuery();
        String status = rs.next() ? rs.getString(1) : null;
        rs.close();
        ps.close();
        return status;
    }

    public static boolean isLarge(int amount) {
        return amount > MAX_AMOUNT / 2;
    }

    public static int bulkDiscount(Connection conn, int userId, int percent) throws SQLException {
        if (percent < 0 || percent > 50) {
            throw new IllegalArgumentException("percent out of range: " + percent);
        }
        PreparedStatement ps = conn.prepareStatement(
            "UPDATE orders SET amount = amount - amount * ? / 100 WHERE user_id = ? AND amount > 100");
        ps.setInt(1, percent);
        ps.setInt(2, userId);
        return ps.executeUpdate();
    }

    public static int countNew(Connection conn) throws SQLException {
        java.sql.Statement st = null;
        ResultSet rs = null;
        try {
            st = conn.createStatement();
            rs = st.executeQuery("SELECT COUNT(*) FROM orders WHERE status = 'NEW'");
            rs.next();
            return rs.getInt(1);
        } finally {
            if (rs != null) {
                rs.close();
            }
            if (st != null) {
                st.close();
            }
        }
    }

    public static int maxAmount(Connection conn) throws SQLException {
        try (java.sql.Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT MAX(amount) FROM orders")) {
            if (rs.next()) {
                int m = rs.getInt(1);
                return rs.wasNull() ? -1 : m;
            }
            return -1;
        }
    }
}
