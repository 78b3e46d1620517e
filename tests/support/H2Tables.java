import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs the statements that build a schema model's tables (one argument each) on a fresh
 * in-memory H2 database opened with the URL settings given first, as the generated tests'
 * HornetDatabase does; prints each statement H2 rejects, with H2's message.
 */
public class H2Tables {
    public static void main(String[] args) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:" + args[0]);
                Statement statement = connection.createStatement()) {
            for (int i = 1; i < args.length; i++) {
                try {
                    statement.execute(args[i]);
                } catch (SQLException e) {
                    System.out.println(args[i] + "\n  => " + e.getMessage().split("\n")[0]);
                }
            }
        }
    }
}
