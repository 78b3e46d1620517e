package boot;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Its static initialiser is not set-up: a field it configures is assigned elsewhere too. */
public class Factory {
    private static String url;

    static {
        try (InputStream in = Factory.class.getClassLoader().getResourceAsStream("factory.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            url = properties.getProperty("url");
        } catch (IOException e) {
            e.printStackTrace();
        }
    }

    private static Factory instance;

    private Factory() {}

    public static Factory getInstance() {
        if (instance == null) {
            instance = new Factory();
        }
        return instance;
    }

    public static void reset() {
        url = null;
    }
}
