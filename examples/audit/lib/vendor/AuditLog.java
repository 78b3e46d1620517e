package vendor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Stands for a vendor library whose source hornet is not given: it writes an audit row on the
 * caller's connection. Its behaviour reaches hornet through examples/audit/summaries/audit.pl.
 */
public final class AuditLog {
    private AuditLog() {}

    /** Appends what a user did to the audit trail, in the caller's transaction. */
    public static void record(Connection conn, int userId, String action) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO audit (user_id, action) VALUES (?, ?)")) {
            ps.setInt(1, userId);
            ps.setString(2, action);
            ps.executeUpdate();
        }
    }
}
