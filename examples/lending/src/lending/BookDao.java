package lending;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The copies of each book on the shelf. */
public class BookDao {
    private final DataSource dataSource;

    public BookDao(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The copies on the shelf, or -1 for a book the library does not have. */
    public int copies(int bookId) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("SELECT copies FROM book WHERE id = ?")) {
            ps.setInt(1, bookId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return -1;
                }
                return rs.getInt(1);
            }
        }
    }

    /** Takes a copy off the shelf: whether there was one. */
    public boolean takeCopy(int bookId) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("UPDATE book SET copies = copies - 1 WHERE id = ? AND copies > 0")) {
            ps.setInt(1, bookId);
            return ps.executeUpdate() == 1;
        }
    }
}
