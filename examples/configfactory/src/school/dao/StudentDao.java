package school.dao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Students, on connections of the one factory: kept in a field, or asked for on each call. */
public class StudentDao {
    private DaoFactory factory = DaoFactory.getInstance();

    /** A DAO on the one factory (its field initialiser asks for it). */
    public StudentDao() {
    }

    public int countInGroup(int groupId) throws SQLException {
        try (Connection connection = factory.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM students WHERE group_id = ?")) {
            statement.setInt(1, groupId);
            try (ResultSet rs = statement.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public String groupOf(int studentId) throws SQLException {
        try (Connection connection = DaoFactory.getInstance().getConnection();
             PreparedStatement statement = connection.prepareStatement(
                 "SELECT group_name FROM students NATURAL JOIN groups WHERE student_id = ?")) {
            statement.setInt(1, studentId);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getString("group_name") : null;
            }
        }
    }
}
