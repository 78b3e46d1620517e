package config;

import java.sql.SQLException;
import java.sql.Statement;

/** A DAO over the configured connections, as real code writes it. */
public class ItemDao {
    private static final String INSERT_SQL = "INSERT INTO item (name) "
            + "VALUES (?)";

    public int save(String name) {
        try (var connection = Connections.open();
             var statement = connection.prepareStatement(INSERT_SQL, Statement.RETURN_GENERATED_KEYS)) {
            statement.setString(1, name);
            statement.executeUpdate();
            var keys = statement.getGeneratedKeys();
            if (keys.next()) {
                return keys.getInt("id");
            }
            return -1;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public boolean delete(int id) {
        try (var connection = Connections.open();
             var statement = connection.prepareStatement("DELETE FROM item WHERE id = ?")) {
            statement.setInt(1, id);
            return statement.executeUpdate() > 0;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
