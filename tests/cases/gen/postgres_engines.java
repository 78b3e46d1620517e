package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// A schema in PostgreSQL's dialect: the tests run on H2 (in PostgreSQL mode) and on
// PostgreSQL, so only what both engines do alike gets a test. PostgreSQL's driver sends a String
// parameter as text, which an integer column refuses (H2 converts "7"); an SQLException's error
// code is H2's on H2 and 0 on PostgreSQL; a foreign key violation's SQL state differs. The
// paths that read these are reported, not tested.
class Tickets {
    static boolean exists(Connection c, String id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT title FROM ticket WHERE id = ?")) {
            ps.setString(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    static void rename(Connection c, long id, long title) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE ticket SET title = ? WHERE id = ?")) {
            ps.setLong(1, title);
            ps.setLong(2, id);
            ps.executeUpdate();
        }
    }

    static int open(Connection c, long id, String title) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO ticket (id, title) VALUES (?, ?)")) {
            ps.setLong(1, id);
            ps.setString(2, title);
            ps.executeUpdate();
            return 0;
        } catch (SQLException e) {
            if ("23505".equals(e.getSQLState())) {
                return 1;
            }
            if (e.getErrorCode() == 23502) {
                return 2;
            }
            throw e;
        }
    }
}
