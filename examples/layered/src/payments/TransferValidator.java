package payments;

import java.sql.Connection;
import java.sql.SQLException;

/** Decides whether a transfer may go ahead, reading the accounts and limits it involves. */
public class TransferValidator {
    private final AccountDao accounts;
    private final LimitDao limits;

    public TransferValidator(AccountDao accounts, LimitDao limits) {
        this.accounts = accounts;
        this.limits = limits;
    }

    /** A positive amount between two different accounts. */
    public boolean wellFormed(int fromId, int toId, int amount) {
        return amount > 0 && fromId != toId;
    }

    /**
     * TransferService.ACCEPTED, or why the paying account may not send amount (the receiving
     * account is checked when it is credited).
     */
    public int check(Connection conn, int fromId, int amount) throws SQLException {
        int available = accounts.spendable(conn, fromId);
        if (available == AccountDao.NO_ACCOUNT) {
            return TransferService.NO_ACCOUNT;
        }
        if (available < amount) {
            return TransferService.INSUFFICIENT;
        }
        int limit = limits.limitOf(conn, fromId);
        if (limit != LimitDao.UNLIMITED && amount > limit) {
            return TransferService.OVER_LIMIT;
        }
        return TransferService.ACCEPTED;
    }
}
