package kennel;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** Owners and pets gathered into maps, as DAO code builds lookups of its rows. */
public class OwnerIndex {

    /** Every owner's name by id. */
    public static Map<Integer, String> names(Connection connection) throws SQLException {
        Map<Integer, String> names = new HashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT id, name FROM owner");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                names.put(rs.getInt(1), rs.getString(2));
            }
        }
        return names;
    }

    /** The number of pets of each owner with a pet at least minAge old. */
    public static Map<Integer, Integer> petCounts(Connection connection, int minAge) throws SQLException {
        Map<Integer, Integer> counts = new HashMap<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT owner_id FROM pet WHERE age >= ?")) {
            ps.setInt(1, minAge);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int owner = rs.getInt(1);
                    counts.put(owner, counts.getOrDefault(owner, 0) + 1);
                }
            }
        }
        return counts;
    }

    /** The name of the owner, "unknown" when there is none, looked up in names(). */
    public static String nameOf(Connection connection, int ownerId) throws SQLException {
        Map<Integer, String> names = names(connection);
        if (!names.containsKey(ownerId)) {
            return "unknown";
        }
        return names.get(ownerId);
    }
}
