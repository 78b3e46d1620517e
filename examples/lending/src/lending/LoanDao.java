package lending;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** Who has borrowed what. */
public class LoanDao {
    private final DataSource dataSource;

    public LoanDao(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The books a member has borrowed. */
    public int count(String member) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM loan WHERE member = ?")) {
            ps.setString(1, member);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public void add(int bookId, String member) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("INSERT INTO loan (book_id, member) VALUES (?, ?)")) {
            ps.setInt(1, bookId);
            ps.setString(2, member);
            ps.executeUpdate();
        }
    }
}
