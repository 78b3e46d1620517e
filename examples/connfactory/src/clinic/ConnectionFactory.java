package clinic;

import java.sql.Connection;
import java.sql.SQLException;

/** The DAOs' one way to a connection, whatever driver the application configured. */
public class ConnectionFactory {
    private final ConnectionDriver driver;

    public ConnectionFactory(ConnectionDriver driver) {
        this.driver = driver;
    }

    public Connection getConnection() throws SQLException {
        return driver.getConnection();
    }
}
