package ledger;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/** What a customer's statement shows, each over a connection of its own. */
public final class Statements {
    private Statements() {
    }

    /** The two balances together, or -1 when an account is missing. */
    public static int combined(DataSource dataSource, int first, int second) throws SQLException {
        try (Connection conn = dataSource.getConnection()) {
            int a = Accounts.balance(conn, first);
            int b = Accounts.balance(conn, second);
            if (a < 0 || b < 0) {
                return -1;
            }
            return a + b;
        }
    }
}
