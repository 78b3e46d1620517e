package lending;

import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The lending desk. Its constructor builds both DAOs over the one DataSource the application
 * gives it, so neither is ever null.
 */
public class LendingService {
    public static final int LENT = 0;
    public static final int NO_COPY_LEFT = 2;
    public static final int TOO_MANY_LOANS = 3;

    private final BookDao books;
    private final LoanDao loans;
    private final int maxLoans;

    public LendingService(DataSource dataSource, int maxLoans) {
        this.books = new BookDao(dataSource);
        this.loans = new LoanDao(dataSource);
        this.maxLoans = maxLoans;
    }

    /** Lends a copy of the book to the member, if one is on the shelf and the member may borrow. */
    public int lend(int bookId, String member) throws SQLException {
        if (loans.count(member) >= maxLoans) {
            return TOO_MANY_LOANS;
        }
        if (!books.takeCopy(bookId)) {
            return NO_COPY_LEFT;
        }
        loans.add(bookId, member);
        return LENT;
    }

    /** The copies on the shelf, 0 for a book the library does not have. */
    public int onShelf(int bookId) throws SQLException {
        int copies = books.copies(bookId);
        return copies < 0 ? 0 : copies;
    }
}
