package clinic;

import java.sql.Connection;
import java.sql.SQLException;

/** Where connections come from; production looks a DataSource up in JNDI. */
public interface ConnectionDriver {
    Connection getConnection() throws SQLException;
}
