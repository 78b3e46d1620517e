package library;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Books, over the Database singleton: each method opens a connection and closes it. */
public class BookDao {

    public int copiesOf(int id) throws SQLException {
        String sql = "SELECT copies FROM book WHERE id = ?";
        try (Connection conn = Database.getInstance().getConnection();
             PreparedStatement stmt = conn.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt("copies");
                }
            }
        }
        return 0;
    }

    public boolean lend(int id) throws SQLException {
        String sql = "UPDATE book SET copies = copies - 1 WHERE id = ? AND copies > 0";
        try (Connection conn = Database.getInstance().getConnection();
             PreparedStatement stmt = conn.prepareStatement(sql)) {
            stmt.setInt(1, id);
            return stmt.executeUpdate() > 0;
        }
    }

    public int countAvailable() {
        try (Connection conn = Database.getInstance().getConnection();
             PreparedStatement stmt = conn.prepareStatement("SELECT COUNT(*) FROM book WHERE copies > 0");
             ResultSet rs = stmt.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            return -1;
        }
    }
}
