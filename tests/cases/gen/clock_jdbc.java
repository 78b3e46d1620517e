package clock;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;

// The clock in Java, stored (final rows do not check it), compared in SQL through a parameter, and
// compared with a value read back.
public class Events {
    public static void log(Connection conn, int id, String what) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO event (id, what, at) VALUES (?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, what);
            ps.setTimestamp(3, new Timestamp(System.currentTimeMillis()));
            ps.executeUpdate();
        }
    }

    public static int overdue(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM event WHERE at < ?")) {
            ps.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public static boolean isOld(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT at FROM event WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                Timestamp at = rs.getTimestamp(1);
                return at != null && System.currentTimeMillis() - at.getTime() > 86400000L;
            }
        }
    }

    public static void touchDay(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE event SET day = ? WHERE id = ?")) {
            ps.setObject(1, LocalDate.now());
            ps.setInt(2, id);
            ps.executeUpdate();
        }
    }
}
