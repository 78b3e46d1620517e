package config;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/** Its own configuration, loaded in the static initialiser itself, read with a default. */
public class Reports {
    private static final Properties CONFIG = new Properties();

    static {
        try (InputStream in = Reports.class.getResourceAsStream("/shop.properties")) {
            CONFIG.load(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public int countNamed(String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(CONFIG.getProperty("reports.url", "jdbc:mysql://reports/shop"));
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM item WHERE name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
