package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * Data access as application code writes it: SQL in text blocks, a bean per row, the JDBC
 * failure logged and wrapped in the application's exception, a statement filled by a helper.
 */
public class VisitDao {
    private static final String FIND_VISIT = """
        SELECT id, staff_id, room
          FROM visit
         WHERE id = ?
        """;

    public static Visit find(Connection connection, long id) throws ClinicException {
        try (PreparedStatement ps = connection.prepareStatement(FIND_VISIT)) {
            bind(ps, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return visitOf(rs);
                }
                System.out.println("no visit");
                return null;
            }
        } catch (SQLException e) {
            e.printStackTrace();
            throw new ClinicException("find failed", e);
        }
    }

    /** Records a visit; the room number goes to a VARCHAR column (H2 stores its digits). */
    public static boolean record(Connection connection, long id, int staffId, long room) throws ClinicException {
        String sql = """
            INSERT INTO visit (id, staff_id, room)
            VALUES (?, ?, ?)
            """;
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.setInt(2, staffId);
            ps.setLong(3, room);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            System.err.println("record failed");
            System.err.println(id);
            throw new ClinicException("record failed", e);
        }
    }

    /** A visit id typed in by a user, as text: H2 converts it to the BIGINT key. */
    public static boolean exists(Connection connection, String typedId) {
        try (PreparedStatement ps = connection.prepareStatement("SELECT id FROM visit WHERE id = ?")) {
            ps.setString(1, typedId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            System.out.print("not a visit id: ");
            System.out.println(typedId);
            return false;
        }
    }

    public static int visitsBy(Connection connection, int staffId) throws SQLException {
        PreparedStatement ps = connection.prepareStatement("""
            SELECT COUNT(*) FROM visit v JOIN staff s ON v.staff_id = s.id WHERE s.id = ?""");
        ps.setInt(1, staffId);
        ResultSet rs = ps.executeQuery();
        rs.next();
        int count = rs.getInt(1);
        ps.close();
        return count;
    }

    /** Deletes the visits of the given ids, one statement each: the loop leaves the list alone. */
    public static int removeAll(Connection connection, List<Integer> ids) throws SQLException {
        int removed = 0;
        for (int id : ids) {
            PreparedStatement ps = connection.prepareStatement("DELETE FROM visit WHERE id = ?");
            ps.setInt(1, id);
            removed += ps.executeUpdate();
            ps.close();
        }
        return removed;
    }

    /** Fills in the statement a caller prepared: it has no tests of its own. */
    public static PreparedStatement bind(PreparedStatement ps, long id) throws SQLException {
        ps.setLong(1, id);
        return ps;
    }

    private static Visit visitOf(ResultSet rs) throws SQLException {
        return new Visit(rs.getLong("id"), rs.getInt("staff_id"), rs.getString("room"));
    }

    /** Moves a visit to another room: 1 when moved, 0 for no such visit, -1 when the room's name is too long for its column. */
    public static int moveTo(Connection connection, long id, String room) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("UPDATE visit SET room = ? WHERE id = ?")) {
            ps.setString(1, room);
            ps.setLong(2, id);
            return ps.executeUpdate();
        } catch (SQLException e) {
            if ("22001".equals(e.getSQLState())) {
                return -1;
            }
            throw e;
        }
    }
}
