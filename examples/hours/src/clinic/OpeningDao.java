package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Types;

/** Opening hours in the database: java.sql.Time values in TIME columns. */
public class OpeningDao {
    private final Connection connection;

    public OpeningDao(Connection connection) {
        this.connection = connection;
    }

    /** Adds opening hours; a day that does not close has no closing time. */
    public int add(int id, int weekday, Time opens, Time closes) throws SQLException {
        if (closes != null && !opens.before(closes)) {
            throw new IllegalArgumentException("closes before it opens");
        }
        String sql = "INSERT INTO opening (id, weekday, opens, closes) VALUES (?, ?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            stmt.setInt(2, weekday);
            stmt.setTime(3, opens);
            if (closes == null) {
                stmt.setNull(4, Types.TIME);
            } else {
                stmt.setTime(4, closes);
            }
            return stmt.executeUpdate();
        }
    }

    /** When the clinic opens on that entry, or null when there is none. */
    public Time opensAt(int id) throws SQLException {
        String sql = "SELECT opens FROM opening WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getTime("opens");
                }
                return null;
            }
        }
    }

    /** Whether the clinic is open on a weekday at a time. */
    public boolean isOpen(int weekday, Time at) throws SQLException {
        String sql = "SELECT COUNT(*) FROM opening WHERE weekday = ? AND opens <= ? AND (closes IS NULL OR closes > ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, weekday);
            stmt.setTime(2, at);
            stmt.setTime(3, at);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1) > 0;
            }
        }
    }

    /** How long the clinic is open, in milliseconds: -1 when it does not close, -2 when unknown. */
    public long openMillis(int id) throws SQLException {
        String sql = "SELECT opens, closes FROM opening WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return -2;
                }
                Time opens = rs.getTime(1);
                Time closes = rs.getTime(2);
                if (closes == null) {
                    return -1;
                }
                return closes.getTime() - opens.getTime();
            }
        }
    }

    /** Opens later by some milliseconds (the database keeps whole seconds). */
    public int delay(int id, long millis) throws SQLException {
        Time opens = opensAt(id);
        if (opens == null) {
            return 0;
        }
        String sql = "UPDATE opening SET opens = ? WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setTime(1, new Time(opens.getTime() + millis));
            stmt.setInt(2, id);
            return stmt.executeUpdate();
        }
    }
}
