package shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Purchases of a MySQL-backed shop; SQL as its authors wrote it for MySQL. */
public class PurchaseDao {

    /** Records a purchase; false when MySQL's schema refuses it (no such customer, a bad quantity). */
    public static boolean record(Connection conn, int customerId, int quantity) throws SQLException {
        if (quantity <= 0) {
            return false;
        }
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO `purchase` (`customer_id`, `quantity`) VALUES (?, ?)")) {
            ps.setInt(1, customerId);
            ps.setInt(2, quantity);
            ps.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** Moves a new purchase on to `paid`; how many rows changed. */
    public static int pay(Connection conn, int purchaseId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "UPDATE `purchase` SET `status` = 'paid' WHERE `id` = ? AND `status` = 'new'")) {
            ps.setInt(1, purchaseId);
            return ps.executeUpdate();
        }
    }

    /** Sets a purchase's status as given; -1 when the ENUM does not allow it. */
    public static int setStatus(Connection conn, int purchaseId, String status) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE purchase SET status = ? WHERE id = ?")) {
            ps.setString(1, status);
            ps.setInt(2, purchaseId);
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        }
    }

    /** Whether a customer is a VIP (a TINYINT(1) column): null when there is no such customer. */
    public static Boolean isVip(Connection conn, int customerId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT vip FROM customer WHERE id = ?")) {
            ps.setInt(1, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getBoolean(1);
                }
                return null;
            }
        }
    }

    /** The total quantity a customer bought, 0 when none; a big buyer has bought more than 10. */
    public static String buyerKind(Connection conn, int customerId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT COUNT(*) FROM purchase WHERE customer_id = ? AND quantity > 10")) {
            ps.setInt(1, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (rs.getInt(1) > 0) {
                    return "big";
                }
                return "small";
            }
        }
    }
}
