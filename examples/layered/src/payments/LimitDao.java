package payments;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The largest single transfer an account may make, where one is set. */
public class LimitDao {
    public static final int UNLIMITED = 0;

    /** The account's limit, or UNLIMITED when none is set. */
    public int limitOf(Connection conn, int accountId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT max_amount FROM transfer_limit WHERE account_id = ?")) {
            ps.setInt(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return UNLIMITED;
                }
                return rs.getInt(1);
            }
        }
    }
}
