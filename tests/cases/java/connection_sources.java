package conn;

import java.sql.*;
import javax.sql.*;

/** Where code gets its connections: the boundaries a test supplies its database at. */
public class Sources {
    private static final String URL = "jdbc:mysql://db.example.com:3306/shop";
    private final DataSource dataSource;

    public Sources(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public static Connection open() throws SQLException {
        return DriverManager.getConnection(URL, "app", "a-password-longer-than-sixteen");
    }

    public static Connection openQualified() throws SQLException {
        return java.sql.DriverManager.getConnection("jdbc:postgresql://localhost/shop");
    }

    public int count() throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM item");
            rs.next();
            return rs.getInt(1);
        }
    }

    public static Connection fromVariable(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }

    public static Connection fromProperties(java.util.Properties properties) throws SQLException {
        return DriverManager.getConnection(URL, properties);
    }

    public int fromLookup() throws SQLException {
        try (Connection c = Jndi.lookup("java:comp/env/jdbc/shop").getConnection()) {
            return 1;
        }
    }

    public static int fromDriver(ConnectionDriver driver) throws SQLException {
        Connection c = driver.getConnection();
        c.close();
        return 0;
    }
}

/** Production looks a DataSource up in JNDI; the tests give an implementation of their own. */
interface ConnectionDriver {
    Connection getConnection() throws SQLException;
}
