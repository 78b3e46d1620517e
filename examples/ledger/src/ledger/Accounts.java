package ledger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The account table, over the caller's connection. */
public final class Accounts {
    private Accounts() {
    }

    /** The balance of an account, or -1 when there is none. */
    public static int balance(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT balance FROM account WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        }
    }

    /** Adds delta to an account's balance: whether the account exists. */
    public static boolean adjust(Connection conn, int id, int delta) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?")) {
            ps.setInt(1, delta);
            ps.setInt(2, id);
            return ps.executeUpdate() == 1;
        }
    }

    /** Logs a transfer: the log entry's generated id. */
    public static int log(Connection conn, int from, int to, int amount) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO transfer_log (from_id, to_id, amount) VALUES (?, ?, ?)", java.sql.Statement.RETURN_GENERATED_KEYS)) {
            ps.setInt(1, from);
            ps.setInt(2, to);
            ps.setInt(3, amount);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                return keys.getInt(1);
            }
        }
    }
}
