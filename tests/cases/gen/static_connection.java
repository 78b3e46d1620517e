import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// A connection held in a static field, opened lazily with DriverManager: the field may be
// null (the path opens it) or already hold the test's connection.
public class Items {
    private static Connection connection;

    public static Connection connection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection("jdbc:mysql://localhost/items", "app", "secret");
        }
        return connection;
    }

    public static boolean exists(int id) throws SQLException {
        try (PreparedStatement ps = connection().prepareStatement("SELECT name FROM item WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}
