package payments;

/** Turns an account's stored columns into what the service works with. */
public final class AccountMapper {
    private AccountMapper() {
    }

    /** The balance an account may spend: none while it is frozen. */
    public static int spendable(int balance, boolean frozen) {
        if (frozen) {
            return 0;
        }
        return balance;
    }
}
