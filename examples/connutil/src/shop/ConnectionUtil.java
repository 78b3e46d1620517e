package shop;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The application's one way to the database: the production URL and credentials. */
public final class ConnectionUtil {
    private static final String URL = "jdbc:mysql://localhost:3306/shop?useSSL=false";
    private static final String USER = "shop";
    private static final String PASSWORD = "s3cret-production-password";

    public static Connection getConnection() throws SQLException {
        return DriverManager.getConnection(URL, USER, PASSWORD);
    }
}
