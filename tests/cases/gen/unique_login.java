import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// A login by a UNIQUE e-mail and a password, on a connection a static field opens lazily and a
// helper closes after the query (the field may hold the test's own connection, which the code
// then closes); and an update by key of a row whose foreign key points at a table with a
// UNIQUE text column. At most one row can match a key equal to one value: the search makes no
// two-row fixtures to refute, and the e-mail equality waits for the codes (one string, not a
// comparison per character).
public class Members {
    private static Connection connection;

    public static Connection connection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection("jdbc:postgresql://localhost/members", "app", "secret");
        }
        return connection;
    }

    public static void close() throws SQLException {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }

    public static long login(String email, String password) throws SQLException {
        PreparedStatement ps = connection().prepareStatement(
                "SELECT id FROM member WHERE email = ? AND password = ?");
        ps.setString(1, email);
        ps.setString(2, password);
        ResultSet rs = ps.executeQuery();
        long id = -1;
        if (rs.next()) {
            id = rs.getLong("id");
        }
        close();
        return id;
    }

    public static String nameOf(Connection connection, String email) throws SQLException {
        PreparedStatement ps = connection.prepareStatement("SELECT name FROM member WHERE email = ?");
        ps.setString(1, email);
        ResultSet rs = ps.executeQuery();
        if (rs.next()) {
            return rs.getString("name");
        }
        return null;
    }

    public static boolean promote(Connection connection, int memberId) {
        try {
            PreparedStatement ps = connection.prepareStatement("UPDATE member SET grade_id = ? WHERE id = ?");
            ps.setInt(1, 2);
            ps.setInt(2, memberId);
            ps.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
