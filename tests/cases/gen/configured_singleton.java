import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

// A lazy singleton of a factory configured from the class path: its accessor, a DAO whose
// field initialiser (run by its constructor) takes the instance from it, and a method asking
// for it on each call. Their test classes have the database helper supply the file first.
class Factory {
    private static String url;

    static {
        try (InputStream in = Factory.class.getClassLoader().getResourceAsStream("db.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            url = properties.getProperty("url");
        } catch (IOException e) {
            e.printStackTrace();
        }
    }

    private static Factory instance;

    private Factory() {
    }

    public static Factory getInstance() {
        if (instance == null) {
            instance = new Factory();
        }
        return instance;
    }

    public Connection getConnection() throws SQLException {
        return DriverManager.getConnection(url);
    }
}

public class CourseDao {
    private Factory factory = Factory.getInstance();

    public CourseDao() {
    }

    public String nameOf(int id) throws SQLException {
        try (Connection c = Factory.getInstance().getConnection();
             PreparedStatement s = c.prepareStatement("SELECT course_name FROM course WHERE course_id = ?")) {
            s.setInt(1, id);
            ResultSet rs = s.executeQuery();
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
