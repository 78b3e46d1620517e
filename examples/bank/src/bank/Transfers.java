package bank;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Moving money between accounts whose balances, in cents, must stay non-negative. */
public class Transfers {

    private static final String BOOK_MOVEMENT =
            "INSERT INTO movement (account_id, seq, \"value\") VALUES (?, ?, ?)";

    /**
     * Takes amount from an account. Returns false, changing nothing, when the account does not
     * exist, is frozen or holds less than amount.
     */
    public static boolean withdraw(Connection conn, int accountId, long amount)
            throws SQLException {
        if (amount <= 0) {
            throw new IllegalArgumentException("amount must be positive");
        }
        PreparedStatement select =
                conn.prepareStatement("SELECT balance, frozen FROM account WHERE id = ?");
        select.setInt(1, accountId);
        ResultSet rs = select.executeQuery();
        if (!rs.next()) {
            rs.close();
            select.close();
            return false;
        }
        long balance = rs.getLong("balance");
        boolean frozen = rs.getBoolean("frozen");
        rs.close();
        select.close();
        if (frozen || balance < amount) {
            return false;
        }
        PreparedStatement update =
                conn.prepareStatement("UPDATE account SET balance = balance - ? WHERE id = ?");
        update.setLong(1, amount);
        update.setInt(2, accountId);
        update.executeUpdate();
        update.close();
        return true;
    }

    /**
     * Adds amount to an account unless it is frozen; a negative amount is a correction, which
     * the database refuses when it would leave the balance negative. Returns the number of
     * accounts updated.
     */
    public static int deposit(Connection conn, int accountId, long amount) throws SQLException {
        if (amount == 0) {
            return 0;
        }
        Statement st = conn.createStatement();
        int updated = st.executeUpdate("UPDATE account SET balance = balance + " + amount
                + " WHERE id = " + accountId + " AND NOT frozen");
        st.close();
        return updated;
    }

    /**
     * Moves amount between two accounts of the same currency and books the movement on both
     * under the client's reference number, all in one transaction. Returns false, changing
     * nothing, when an account is missing or frozen, the currencies differ, the funds are
     * insufficient or the reference was already used.
     */
    public static boolean transfer(Connection conn, int from, int to, long amount, int reference)
            throws SQLException {
        if (amount <= 0 || from == to) {
            return false;
        }
        conn.setAutoCommit(false);
        Statement st = conn.createStatement();
        PreparedStatement accounts = conn.prepareStatement("SELECT a.balance, a.currency, b.currency"
                + " FROM account a, account b"
                + " WHERE a.id = ? AND b.id = ? AND NOT a.frozen AND NOT b.frozen");
        PreparedStatement book = conn.prepareStatement(BOOK_MOVEMENT);
        try {
            accounts.setInt(1, from);
            accounts.setInt(2, to);
            ResultSet rs = accounts.executeQuery();
            if (!rs.next()) {
                rs.close();
                conn.rollback();
                return false;
            }
            long balance = rs.getLong(1);
            String fromCurrency = rs.getString(2);
            String toCurrency = rs.getString(3);
            rs.close();
            if (!fromCurrency.equals(toCurrency)) {
                conn.rollback();
                return false;
            }
            if (balance < amount) {
                conn.rollback();
                return false;
            }
            st.executeUpdate("UPDATE account SET balance = balance - " + amount + " WHERE id = " + from);
            st.executeUpdate("UPDATE account SET balance = balance + " + amount + " WHERE id = " + to);
            book.setInt(1, from);
            book.setInt(2, reference);
            book.setLong(3, -amount);
            book.executeUpdate();
            book.setInt(1, to);
            book.setLong(3, amount);
            book.executeUpdate();
            conn.commit();
            return true;
        } catch (SQLException e) {
            conn.rollback();
            return false;
        } finally {
            book.close();
            accounts.close();
            st.close();
            conn.setAutoCommit(true);
        }
    }

    /** The sum of the credits booked on an account, scanning its movements in order. */
    public static long totalCredits(Connection conn, int accountId) throws SQLException {
        long total = 0;
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT seq, \"value\" FROM movement WHERE account_id = ? ORDER BY seq")) {
            ps.setInt(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long value = rs.getLong("value");
                    if (value > 0) {
                        total += value;
                    }
                }
            }
        }
        return total;
    }

    /**
     * Closes an empty account. Returns true when it was deleted, false when there is no such
     * account or money is left on it; an account with booked movements cannot be deleted (the
     * foreign key of movement refuses it with an SQLException).
     */
    public static boolean closeAccount(Connection conn, int accountId) throws SQLException {
        try (Statement st = conn.createStatement()) {
            int deleted = st.executeUpdate(
                    "DELETE FROM account WHERE id = " + accountId + " AND balance = 0");
            return deleted == 1;
        }
    }
}
