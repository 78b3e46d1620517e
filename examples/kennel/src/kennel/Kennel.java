package kennel;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Owners and their pets, read with outer joins as DAO code reads an optional child row. */
public class Kennel {

    /** The age of the owner's youngest pet, -1 for an owner with no pet, -2 for no owner. */
    public static int youngestPet(Connection connection, int ownerId) throws SQLException {
        String sql = "SELECT o.id, p.age FROM owner o LEFT JOIN pet p ON p.owner_id = o.id "
                + "WHERE o.id = ? ORDER BY p.age";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, ownerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return -2;
                }
                int age = rs.getInt("age");
                if (rs.wasNull()) {
                    return -1;
                }
                return age;
            }
        }
    }

    /** The ids of the owners without a pet older than minAge (the anti-join idiom). */
    public static List<Integer> ownersWithoutOlderPet(Connection connection, int minAge) throws SQLException {
        String sql = "SELECT o.id FROM owner o LEFT OUTER JOIN pet p ON p.owner_id = o.id AND p.age > ? "
                + "WHERE p.id IS NULL ORDER BY o.id";
        List<Integer> ids = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, minAge);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getInt(1));
                }
            }
        }
        return ids;
    }

    /** The chip of the pet, or its owner's name when the pet has no chip; null for no pet. */
    public static String label(Connection connection, int petId) throws SQLException {
        String sql = "SELECT p.chip, o.name FROM owner o RIGHT JOIN pet p ON p.owner_id = o.id WHERE p.id = ?";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, petId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                Integer chip = rs.getObject("chip", Integer.class);
                if (chip == null) {
                    return rs.getString("name");
                }
                return "chip " + chip;
            }
        }
    }

    /** How many pets each owner has, owners without pets counted as 0, listed by id. */
    public static List<Integer> petCounts(Connection connection) throws SQLException {
        String sql = "SELECT o.id, COUNT(p.id) AS pets FROM owner o LEFT JOIN pet p ON p.owner_id = o.id "
                + "GROUP BY o.id ORDER BY o.id";
        List<Integer> counts = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.add(rs.getInt("pets"));
                }
            }
        }
        return counts;
    }

    /** The mean age of the owner's pets (H2's AVG of an INT is a DOUBLE), -1 for none; a mean
     *  over 5 is rounded down to whole years. */
    public static double averageAge(Connection connection, int ownerId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT AVG(age) FROM pet WHERE owner_id = ?")) {
            ps.setInt(1, ownerId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                double mean = rs.getDouble(1);
                if (rs.wasNull()) {
                    return -1.0;
                }
                return mean > 5 ? (int) mean : mean;
            }
        }
    }

    /** The ids of the owners with the most pets, at most {@code limit}, ties by id. */
    public static List<Integer> ownersWithMostPets(Connection connection, int limit) throws SQLException {
        String sql = "SELECT o.id, COUNT(p.id) AS pets FROM owner o LEFT JOIN pet p ON p.owner_id = o.id "
                + "GROUP BY o.id ORDER BY pets DESC, o.id LIMIT ?";
        List<Integer> ids = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getInt("id"));
                }
            }
        }
        return ids;
    }

    /** How many pets are older than the average pet (an INT column against a DOUBLE). */
    public static int olderThanAverage(Connection connection) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT COUNT(*) FROM pet WHERE age > (SELECT AVG(age) FROM pet)")) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The weight of the pet with its bowl (DOUBLE arithmetic in SQL), or "too heavy". */
    public static String carried(Connection connection, int petId, double bowl) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT weight + ? AS total FROM pet WHERE id = ? AND weight > age")) {
            ps.setDouble(1, bowl);
            ps.setInt(2, petId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return "none";
                }
                double total = rs.getDouble("total");
                if (rs.wasNull()) {
                    return "unweighed";
                }
                return total > 20 ? "too heavy" : "carried";
            }
        }
    }

    /** The owner's name when one of their pets is older than 10, else null (a correlated EXISTS). */
    public static String withSeniorPet(Connection connection, int ownerId) throws SQLException {
        String sql = "SELECT o.name FROM owner o WHERE o.id = ? "
                + "AND EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id AND p.age > 10)";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, ownerId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getString(1);
                }
                return null;
            }
        }
    }

    /** How many owners have no pet (a correlated NOT EXISTS), "none" when every owner has one. */
    public static String petlessOwners(Connection connection) throws SQLException {
        String sql = "SELECT COUNT(*) FROM owner o WHERE NOT EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id)";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                int count = rs.getInt(1);
                return count == 0 ? "none" : count + " petless";
            }
        }
    }

    /** Whether the owner has at least this many pets (a correlated scalar COUNT). */
    public static boolean hasAtLeast(Connection connection, int ownerId, int pets) throws SQLException {
        String sql = "SELECT o.id FROM owner o WHERE o.id = ? "
                + "AND (SELECT COUNT(*) FROM pet p WHERE p.owner_id = o.id) >= ?";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, ownerId);
            ps.setInt(2, pets);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Whether the owner has a pet of exactly this age (a correlated IN). */
    public static boolean hasPetAged(Connection connection, int ownerId, int age) throws SQLException {
        String sql = "SELECT o.id FROM owner o WHERE o.id = ? "
                + "AND ? IN (SELECT p.age FROM pet p WHERE p.owner_id = o.id)";
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setInt(1, ownerId);
            ps.setInt(2, age);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
