package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

// What a caught SQLException tells (H2's state and code per violation); a test expecting one
// checks its state.
class SqlStates {
    private static final Logger log = LoggerFactory.getLogger(SqlStates.class);

    static int join(Connection conn, int id, String nick) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO member (id, nick) VALUES (?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, nick);
            ps.executeUpdate();
            return 0;
        } catch (SQLException e) {
            log.warn("join failed: {}", e.getSQLState(), e);
            if ("23505".equals(e.getSQLState())) {
                return 1;
            }
            if (e.getErrorCode() == 23502) {
                return 2;
            }
            throw e;
        }
    }

    static void post(Connection conn, int id, int memberId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO post (id, member_id) VALUES (?, ?)")) {
            ps.setInt(1, id);
            ps.setInt(2, memberId);
            ps.executeUpdate();
        }
    }
}
