package payments;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Transfers between accounts. Each transfer is one transaction on one connection of the
 * application's DataSource: validated, then both balances moved and the ledger written, or
 * nothing at all.
 */
public class TransferService {
    public static final int ACCEPTED = 0;
    public static final int INVALID = 1;
    public static final int NO_ACCOUNT = 2;
    public static final int INSUFFICIENT = 3;
    public static final int OVER_LIMIT = 4;

    private final DataSource dataSource;
    private final AccountDao accounts;
    private final LedgerDao ledger;
    private final TransferValidator validator;

    public TransferService(DataSource dataSource) {
        this.dataSource = dataSource;
        this.accounts = new AccountDao();
        this.ledger = new LedgerDao();
        this.validator = new TransferValidator(accounts, new LimitDao());
    }

    /** Moves amount from one account to another: ACCEPTED, or why nothing changed. */
    public int transfer(int fromId, int toId, int amount) throws SQLException {
        if (!validator.wellFormed(fromId, toId, amount)) {
            return INVALID;
        }
        try (Connection conn = dataSource.getConnection()) {
            conn.setAutoCommit(false);
            try {
                int verdict = validator.check(conn, fromId, amount);
                if (verdict != ACCEPTED) {
                    conn.rollback();
                    return verdict;
                }
                if (accounts.add(conn, toId, amount) == 0) {
                    conn.rollback();
                    return NO_ACCOUNT;
                }
                accounts.add(conn, fromId, -amount);
                ledger.record(conn, fromId, toId, amount);
                conn.commit();
                return ACCEPTED;
            } catch (SQLException e) {
                conn.rollback();
                throw e;
            }
        }
    }

    /** What the account may spend, 0 for an account that does not exist. */
    public int spendable(int accountId) throws SQLException {
        try (Connection conn = dataSource.getConnection()) {
            int available = accounts.spendable(conn, accountId);
            return available == AccountDao.NO_ACCOUNT ? 0 : available;
        }
    }

    /** Whether the account has sent a transfer before. */
    public boolean hasSent(int accountId) throws SQLException {
        try (Connection conn = dataSource.getConnection()) {
            return ledger.sentBy(conn, accountId) > 0;
        }
    }
}
