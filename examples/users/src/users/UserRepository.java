package users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The connection as a field, given to the constructor: the other common shape of data access. */
public class UserRepository {
    private final Connection connection;

    public UserRepository(Connection connection) {
        this.connection = connection;
    }

    public boolean exists(int id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT 1 FROM users WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    public int rename(int id, String newName) throws SQLException {
        if (newName == null || newName.length() == 0) {
            throw new IllegalArgumentException("name");
        }
        PreparedStatement ps = connection.prepareStatement("UPDATE users SET name = ? WHERE id = ?");
        ps.setString(1, newName);
        ps.setInt(2, id);
        int n = ps.executeUpdate();
        ps.close();
        return n;
    }
}
