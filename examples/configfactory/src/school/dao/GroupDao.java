package school.dao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Groups, each method on a connection of its own from the factory. */
public class GroupDao {
    private final DaoFactory factory;

    public GroupDao(DaoFactory factory) {
        this.factory = factory;
    }

    public boolean rename(int id, String name) throws SQLException {
        if (name == null || name.isEmpty()) {
            return false;
        }
        try (Connection connection = factory.getConnection();
             PreparedStatement statement = connection.prepareStatement("UPDATE groups SET group_name = ? WHERE group_id = ?")) {
            statement.setString(1, name);
            statement.setInt(2, id);
            return statement.executeUpdate() > 0;
        }
    }

    public String nameOf(int id) throws SQLException {
        try (Connection connection = factory.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT group_name FROM groups WHERE group_id = ?")) {
            statement.setInt(1, id);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getString("group_name") : null;
            }
        }
    }
}
