package school.dao;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Connections to the database named in school.properties on the class path, read once when the
 * class is loaded into static fields (the application's build puts that file on its class path;
 * the tests supply one where theirs has none).
 */
public class DaoFactory {
    private static String url;
    private static String user;
    private static String password;

    static {
        try (InputStream in = DaoFactory.class.getClassLoader().getResourceAsStream("school.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            url = properties.getProperty("connection.url");
            user = properties.getProperty("connection.user", "school");
            password = properties.getProperty("connection.password");
        } catch (IOException e) {
            e.printStackTrace();
        }
    }

    private static DaoFactory instance;

    private DaoFactory() {
    }

    /** The one factory, made when first asked for. */
    public static DaoFactory getInstance() {
        if (instance == null) {
            instance = new DaoFactory();
        }
        return instance;
    }

    public Connection getConnection() {
        Connection connection = null;
        try {
            connection = DriverManager.getConnection(url, user, password);
        } catch (SQLException e) {
            e.printStackTrace();
        }
        return connection;
    }
}
