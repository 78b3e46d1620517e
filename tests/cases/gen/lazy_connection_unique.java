import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// A static connection opened lazily inside try/catch (the realcode Loan-Management-System's
// ConnectionUtil), used by a lookup on a UNIQUE string column of a table with a foreign key.
// Deciding `email = ?` for rows whose emails must differ used to take the whole search budget.
public class Accounts {
    private static final String url = "jdbc:postgresql://localhost:5432/lms";
    private static Connection connection = null;

    public static Connection getConnection() {
        if (connection == null) {
            try {
                connection = DriverManager.getConnection(url, "postgres", "password");
            } catch (SQLException e) {
                e.printStackTrace();
            }
        }
        return connection;
    }

    public static String nameByEmail(String email) {
        Connection conn = getConnection();
        try {
            PreparedStatement stmt = conn.prepareStatement("SELECT name FROM user_account WHERE email = ?");
            stmt.setString(1, email);
            ResultSet rs = stmt.executeQuery();
            if (rs.next()) {
                return rs.getString("name");
            }
        } catch (SQLException e) {
            e.printStackTrace();
        }
        return null;
    }
}
