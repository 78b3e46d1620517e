package shop;

import java.sql.*;

/** DECIMAL values read as doubles and floats, by label and by index, beside an int read. */
public class Prices {
    public static double amountOf(Connection conn, int id) throws SQLException {
        try (PreparedStatement stmt = conn.prepareStatement("SELECT amount, id FROM payment WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return -1.0;
                }
                double amount = rs.getDouble("amount");
                return amount > 100.0 ? 100.0 : amount + rs.getInt(2);
            }
        }
    }

    public static float feeOf(Connection conn, int id) throws SQLException {
        try (PreparedStatement stmt = conn.prepareStatement("SELECT fee FROM payment WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() ? rs.getFloat(1) : 0.0f;
            }
        }
    }
}
