package ledger;

import java.sql.Connection;
import java.sql.SQLException;

/** Transfers between accounts, each in one transaction over the DAO methods of Accounts. */
public final class Transfers {
    public static final int DONE = 0;
    public static final int NO_SUCH_ACCOUNT = 1;
    public static final int REFUSED = 2;

    private Transfers() {
    }

    /** Moves amount from one account to another: all of it or nothing. */
    public static int transfer(Connection conn, int from, int to, int amount) throws SQLException {
        if (amount <= 0 || from == to) {
            return REFUSED;
        }
        conn.setAutoCommit(false);
        try {
            if (!Accounts.adjust(conn, from, -amount) || !Accounts.adjust(conn, to, amount)) {
                conn.rollback();
                return NO_SUCH_ACCOUNT;
            }
            Accounts.log(conn, from, to, amount);
            conn.commit();
            return DONE;
        } catch (SQLException e) {
            // A balance that would go negative.
            conn.rollback();
            return REFUSED;
        } finally {
            conn.setAutoCommit(true);
        }
    }

    /** Pays a bill: the transfer, then the payer's balance left (-1 when it did not happen). */
    public static int pay(Connection conn, int payer, int payee, int amount) throws SQLException {
        if (transfer(conn, payer, payee, amount) != DONE) {
            return -1;
        }
        return Accounts.balance(conn, payer);
    }
}
