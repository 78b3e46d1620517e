package kennel;

import java.sql.*;

// Outer joins: an owner without a pet still has a row, of NULLs for the pet's columns.
public class Owners {
    // -1 for an owner without pets (getInt gives 0 for the NULL, wasNull tells), -2 for none.
    public static int firstPet(Connection connection, int ownerId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT p.id FROM owner o LEFT JOIN pet p ON p.owner_id = o.id WHERE o.id = ? ORDER BY p.id")) {
            ps.setInt(1, ownerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return -2;
                }
                int pet = rs.getInt(1);
                return rs.wasNull() ? -1 : pet;
            }
        }
    }

    // The anti-join: is the owner without a chipped pet?
    public static boolean unchipped(Connection connection, int ownerId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT o.id FROM pet p RIGHT JOIN owner o ON p.owner_id = o.id AND p.chip IS NOT NULL "
                        + "WHERE o.id = ? AND p.id IS NULL")) {
            ps.setInt(1, ownerId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
