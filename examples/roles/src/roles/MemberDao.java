package roles;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Data access storing a member's role as its name and reading it back with valueOf. */
public class MemberDao {
    public static int addMember(Connection connection, Long id, String name, Role role) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO member (id, name, role) VALUES (?, ?, ?)")) {
            ps.setLong(1, id);
            ps.setString(2, name);
            ps.setString(3, role.toString());
            return ps.executeUpdate();
        }
    }

    public static Role findRole(Connection connection, long id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT role FROM member WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return Role.valueOf(rs.getString("role"));
            }
        }
    }

    public static Member find(Connection connection, long id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT name, role FROM member WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new Member(rs.getString("name"), Role.valueOf(rs.getString("role")));
            }
        }
    }

    public static int changeRole(Connection connection, long id, Role role) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("UPDATE member SET role = ? WHERE id = ?")) {
            ps.setString(1, role.name());
            ps.setLong(2, id);
            return ps.executeUpdate();
        }
    }

    public static int countWithRole(Connection connection, Role role) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM member WHERE role = ?")) {
            ps.setString(1, role.name());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
