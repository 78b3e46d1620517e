package errors;

/** No account has this id: the DAO's exception, with the id it looked for. */
public class AccountNotFoundException extends DaoException {
    private final int accountId;

    public AccountNotFoundException(String message, int accountId) {
        super(message);
        this.accountId = accountId;
    }

    public AccountNotFoundException(int accountId) {
        this("Account " + accountId + " not found", accountId);
    }

    public int getAccountId() {
        return accountId;
    }
}
