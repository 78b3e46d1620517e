package kennel.util;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** One connection for the whole application, opened on first use and kept in a static field. */
public class Database {

    private static Connection connection;

    public static Connection getConnection() throws SQLException {
        if (connection == null) {
            connection = DriverManager.getConnection("jdbc:mysql://localhost:3306/kennel", "kennel", "secret");
        }
        return connection;
    }

    public static void closeConnection() throws SQLException {
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}
