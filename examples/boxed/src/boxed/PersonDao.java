package boxed;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Data access with nullable values: no row and a NULL column both read as null. */
public class PersonDao {
    public static Integer findAge(Connection connection, int id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT age FROM person WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getObject(1, Integer.class) : null;
            }
        }
    }

    public static Person find(Connection connection, int id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT name, age FROM person WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                Integer age = rs.getInt("age");
                if (rs.wasNull()) {
                    age = null;
                }
                return new Person(rs.getString("name"), age);
            }
        }
    }

    /** Sets or clears (null) the age of a person; the number of rows updated. */
    public static int updateAge(Connection connection, int id, Integer age) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("UPDATE person SET age = ? WHERE id = ?")) {
            ps.setObject(1, age);
            ps.setInt(2, id);
            return ps.executeUpdate();
        }
    }

    /** Whether the person is at least the given age; a null minimum matches everyone known. */
    public static Boolean atLeast(Connection connection, int id, Integer minimum) throws SQLException {
        Integer age = findAge(connection, id);
        if (age == null) {
            return null;
        }
        return minimum == null || age >= minimum;
    }
}
