package payments;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Accounts and their balances, on the caller's connection (and so in its transaction). */
public class AccountDao {
    public static final int NO_ACCOUNT = -1;

    /** The balance the account may spend, or NO_ACCOUNT when there is no such account. */
    public int spendable(Connection conn, int accountId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT balance, frozen FROM account WHERE id = ?")) {
            ps.setInt(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return NO_ACCOUNT;
                }
                return AccountMapper.spendable(rs.getInt("balance"), rs.getBoolean("frozen"));
            }
        }
    }

    /** Adds delta (negative to take money) to the balance: the number of accounts updated. */
    public int add(Connection conn, int accountId, int delta) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?")) {
            ps.setInt(1, delta);
            ps.setInt(2, accountId);
            return ps.executeUpdate();
        }
    }
}
