package config;

import java.io.IOException;
import java.util.Properties;

/** Configuration loaded once from a file on the class path, read through a static helper. */
public final class Settings {
    private static final Properties PROPERTIES = new Properties();

    static {
        load();
    }

    private Settings() {
    }

    public static String get(String key) {
        return PROPERTIES.getProperty(key);
    }

    /** A configuration value that decides a branch: reported, a test cannot choose it. */
    public static int pageSize() {
        if ("large".equals(PROPERTIES.getProperty("page"))) {
            return 100;
        }
        return 10;
    }

    /** Needs no configuration, but its tests would load the class. */
    public static int twice(int n) {
        return 2 * n;
    }

    private static void load() {
        try (var in = Settings.class.getClassLoader().getResourceAsStream("shop.properties")) {
            PROPERTIES.load(in);
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }
}
