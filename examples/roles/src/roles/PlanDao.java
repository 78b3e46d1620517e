package roles;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** Plans stored by their level's code, as enums with fields usually are. */
public class PlanDao {
    public static int setLevel(Connection connection, long memberId, Level level) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO plan (member_id, level_code) VALUES (?, ?)")) {
            ps.setLong(1, memberId);
            ps.setString(2, level.getCode());
            return ps.executeUpdate();
        }
    }

    public static int countAt(Connection connection, Level level) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM plan WHERE level_code = ?")) {
            ps.setString(1, level.getCode());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public static Optional<String> levelCode(Connection connection, long memberId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT level_code FROM plan WHERE member_id = ?")) {
            ps.setLong(1, memberId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return Optional.ofNullable(rs.getString("level_code"));
                }
                return Optional.empty();
            }
        }
    }

    /** A member's level, read back through the enum's own lookup of its code. */
    public static Level levelOf(Connection connection, long memberId) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT level_code FROM plan WHERE member_id = ?")) {
            ps.setLong(1, memberId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Level.fromCode(rs.getString("level_code")) : null;
            }
        }
    }

    /** A level as a line of text: its own toString() and a method of its own. */
    public static String describe(Level level) {
        String kind = level.isLimited() ? "limited " : "open ";
        return kind + level;
    }

    public static int remaining(Level level, int used) {
        if (level.getQuota() < 0) {
            return Integer.MAX_VALUE;
        }
        int left = level.getQuota() - used;
        return left > 0 ? left : 0;
    }

    public static Optional<Level> upgrade(Level level) {
        switch (level) {
            case BASIC:
                return Optional.of(Level.PREMIUM);
            case PREMIUM:
                return Optional.of(Level.UNLIMITED);
            default:
                return Optional.empty();
        }
    }
}
