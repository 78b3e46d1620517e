package vendor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Stands for a vendor library whose source hornet is not given: it reads a member's spending
 * limit. Its behaviour reaches hornet through examples/audit/summaries/limits.pl.
 */
public final class Limits {
    private Limits() {}

    /** The points a member may spend at once: their own limit when one is set, else 50. */
    public static int limitOf(Connection conn, int memberId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT max_points FROM spending_limit WHERE member_id = ?")) {
            ps.setInt(1, memberId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : 50;
            }
        }
    }
}
