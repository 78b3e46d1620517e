package library;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** One connection for the whole application, opened when first needed. */
public class DBUtil {
    private static Connection connection;
    private static int opened = 0;

    public static synchronized Connection getConnection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection("jdbc:mysql://localhost:3306/library?user=library");
            opened++;
        }
        return connection;
    }
}
