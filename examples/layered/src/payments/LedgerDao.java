package payments;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The record of the transfers made. */
public class LedgerDao {

    public void record(Connection conn, int fromId, int toId, int amount) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO ledger (from_id, to_id, amount) VALUES (?, ?, ?)")) {
            ps.setInt(1, fromId);
            ps.setInt(2, toId);
            ps.setInt(3, amount);
            ps.executeUpdate();
        }
    }

    /** How many transfers the account has sent. */
    public int sentBy(Connection conn, int accountId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM ledger WHERE from_id = ?")) {
            ps.setInt(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
