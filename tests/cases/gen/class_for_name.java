import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// Connection code that loads its JDBC driver by name first, as much real code still does:
// Class.forName changes no path, and its catch clause is accepted (ClassNotFoundException is a
// known exception class).
public class Notes {
    private static final String DRIVER = "org.h2.Driver";

    public static Connection open() throws SQLException {
        try {
            Class.forName(DRIVER);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no JDBC driver", e);
        }
        return DriverManager.getConnection("jdbc:mysql://localhost/notes", "app", "secret");
    }

    public static int count() throws SQLException {
        try {
            Class.forName("org.h2.Driver");
        } catch (ClassNotFoundException e) {
            return -1;
        }
        try (Connection c = open(); PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM note");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
