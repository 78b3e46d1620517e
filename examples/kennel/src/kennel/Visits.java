package kennel;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

// Visits joined with their owner, who may not be listed (no foreign key): the LEFT JOIN gives
// the owner's row or NULLs.
public class Visits {
    // The owner's name of each visit, null for an unlisted owner, copied as read.
    public static List<String> visitorNames(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT v.id, o.name FROM visit v LEFT JOIN owner o ON v.owner_id = o.id ORDER BY v.id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString("name"));
                }
            }
        }
        return names;
    }

    // The visits whose owner is not listed.
    public static int unlistedVisits(Connection connection) throws SQLException {
        int unlisted = 0;
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT o.name FROM visit v LEFT JOIN owner o ON v.owner_id = o.id ORDER BY v.id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1) == null) {
                        unlisted++;
                    }
                }
            }
        }
        return unlisted;
    }
}
