package config;

import java.io.IOException;
import java.util.Properties;

/**
 * Configuration no method reads a database URL from: the tests do not supply its file, so the
 * methods whose tests would load the class without opening the database are reported.
 */
public final class Limits {
    private static final Properties PROPERTIES = new Properties();

    static {
        try (var in = Limits.class.getClassLoader().getResourceAsStream("limits.properties")) {
            PROPERTIES.load(in);
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private Limits() {
    }

    public static int twice(int n) {
        return 2 * n;
    }
}
