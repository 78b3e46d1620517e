package config;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** Connections whose URL, user and password come from the configuration file. */
public final class Connections {
    private static final String URL_KEY = "db.url";
    private static final String USER_KEY = "db.user";
    private static final String PASSWORD_KEY = "db.password";

    static {
        loadDriver();
    }

    private Connections() {
    }

    public static Connection open() {
        try {
            return DriverManager.getConnection(Settings.get(URL_KEY), Settings.get(USER_KEY), Settings.get(PASSWORD_KEY));
        } catch (SQLException e) {
            throw new RuntimeException(e);
        }
    }

    private static void loadDriver() {
        try {
            Class.forName("org.h2.Driver");
        } catch (ClassNotFoundException e) {
            throw new RuntimeException(e);
        }
    }
}
