package conf;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** The loading in a helper the static initialiser calls, a default, a catch that logs. */
public final class Pool {
    static String url;

    static {
        load();
    }

    private Pool() {}

    private static void load() {
        Properties settings = new Properties();
        try {
            settings.load(Pool.class.getResourceAsStream("/pool.properties"));
        } catch (IOException e) {
            System.err.println("no pool.properties: " + e);
        }
        Pool.url = settings.getProperty("pool.url", "jdbc:mysql://db:3306/shop");
    }

    public static Connection open() throws SQLException {
        return DriverManager.getConnection(url);
    }

    public static String describe() {
        return "pool at " + url;
    }
}
