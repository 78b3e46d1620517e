import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;

// The URL in a local variable whose only value is constant text (as in the realcode
// UserPostgresDAO): the tests' driver answers for it as for a static final constant.
public class Tags {
    private Connection connect() throws SQLException {
        final String url = "jdbc:postgresql://tags-database:5432/tags";
        String user = "admin";
        return DriverManager.getConnection(url, user, "admin");
    }

    public boolean add(int id, String name) {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement("INSERT INTO tag (id, name) VALUES (?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            return false;
        }
    }
}
