package shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reports over the shop, in the SQL real DAO code writes: joins without ON, functions, CASE, HAVING. */
public class ReportDao {

    /** The email of the customer of the first purchase of more than 10, or null. */
    public static String firstBigBuyer(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT c.email FROM customer c INNER JOIN purchase p "
                        + "WHERE c.id = p.customer_id AND p.quantity > 10 ORDER BY p.id")) {
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getString(1);
                }
                return null;
            }
        }
    }

    /** The customer with this email, whatever its case; -1 when there is none. */
    public static int findByEmail(Connection conn, String email) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT id, vip FROM customer WHERE LOWER(email) = LOWER(?)")) {
            ps.setString(1, email);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt(1);
                }
                return -1;
            }
        }
    }

    /** A customer's email shouted, when it is longer than 3 characters once trimmed. */
    public static String shoutedEmail(Connection conn, int customerId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT LENGTH(TRIM(email)), UPPER(email) || '!' FROM customer WHERE id = ?")) {
            ps.setInt(1, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return "unknown";
                }
                if (rs.getInt(1) > 3) {
                    return rs.getString(2);
                }
                return "short";
            }
        }
    }

    /** How a purchase is packed: by CASE on its quantity. */
    public static String packing(Connection conn, int purchaseId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT CASE WHEN quantity > 100 THEN 'pallet' WHEN quantity > 10 THEN 'box' ELSE 'bag' END "
                        + "FROM purchase WHERE id = ?")) {
            ps.setInt(1, purchaseId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getString(1);
                }
                return "none";
            }
        }
    }

    /** How many purchases are within 2 of the quantity asked for. */
    public static int nearQuantity(Connection conn, int quantity) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT COUNT(*) FROM purchase WHERE ABS(quantity - ?) <= 2")) {
            ps.setInt(1, quantity);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The customers with more than one purchase of a status, and the quantity of the first. */
    public static int repeatBuyers(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT customer_id, status, COUNT(*), SUM(quantity) FROM purchase "
                        + "GROUP BY customer_id, status HAVING COUNT(*) > 1")) {
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt(4);
                }
                return 0;
            }
        }
    }

    /** The VIP flag of a customer as a number, 0 when there is no such customer (COALESCE over a join). */
    public static int vipOfPurchase(Connection conn, int purchaseId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT COALESCE(CASE WHEN c.vip THEN 1 END, 0) FROM purchase p, customer c "
                        + "WHERE p.customer_id = c.id AND p.id = ?")) {
            ps.setInt(1, purchaseId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt(1);
                }
                return -1;
            }
        }
    }

    /** How many VIPs there are, counted only when some purchase is shipped (EXISTS). */
    public static int vipsIfShipped(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT COUNT(*) FROM customer WHERE vip AND EXISTS (SELECT 1 FROM purchase WHERE status = 'shipped')")) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** How many purchases a customer made, or -1 for no such customer (a scalar subquery). */
    public static int purchaseCount(Connection conn, int customerId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT (SELECT COUNT(*) FROM purchase WHERE quantity > 100), vip FROM customer WHERE id = ?")) {
            ps.setInt(1, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt(1);
                }
                return -1;
            }
        }
    }

    /** Three characters of a customer's email from a position (H2's SUBSTRING positions), "none" when none is left, null for no such customer. */
    public static String emailPart(Connection conn, int customerId, int from) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT SUBSTRING(email, ?, 3) FROM customer WHERE id = ?")) {
            ps.setInt(1, from);
            ps.setInt(2, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String part = rs.getString(1);
                if (part.isEmpty()) {
                    return "none";
                }
                return part;
            }
        }
    }
}
