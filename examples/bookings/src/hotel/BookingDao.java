package hotel;

import java.sql.*;

/** Bookings in the database, with dates and times parsed from text as such DAOs often do. */
public class BookingDao {
    private final Connection connection;

    public BookingDao(Connection connection) {
        this.connection = connection;
    }

    /** Stores a booking, created and last changed at its creation time; false when refused. */
    public boolean create(Booking booking) {
        String sql = "INSERT INTO booking (id, room_id, stay_day, created_time, updated_time) VALUES (?, ?, ?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, booking.getId());
            stmt.setInt(2, booking.getRoomId());
            stmt.setDate(3, Date.valueOf(booking.getDay()));
            stmt.setTimestamp(4, Timestamp.valueOf(booking.getCreatedTime()));
            stmt.setTimestamp(5, Timestamp.valueOf(booking.getCreatedTime()));
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            System.out.println(e.getMessage());
            return false;
        }
    }

    /** Records a change of the booking at the given time (text); false when there is none. */
    public boolean touch(int id, String timestamp) throws SQLException {
        String sql = "UPDATE booking SET updated_time = ? WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setTimestamp(1, Timestamp.valueOf(timestamp));
            stmt.setInt(2, id);
            return stmt.executeUpdate() == 1;
        }
    }

    /** How many bookings were changed after the given time (text). */
    public int changedSince(String timestamp) throws SQLException {
        String sql = "SELECT COUNT(*) FROM booking WHERE updated_time > ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setTimestamp(1, Timestamp.valueOf(timestamp));
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Whether the room opens before the given time of day (text); false when unknown. */
    public boolean opensBefore(int roomId, String time) throws SQLException {
        Time limit = Time.valueOf(time);
        String sql = "SELECT opens FROM room WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, roomId);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                Time opens = rs.getTime(1);
                return opens != null && opens.before(limit);
            }
        }
    }

    /** The day of a booking as text, "none" when there is no such booking. */
    public String dayOf(int id) throws SQLException {
        String sql = "SELECT stay_day FROM booking WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() ? rs.getDate(1).toString() : "none";
            }
        }
    }

    /** When a room opens, as text ("opens null" when unknown). */
    public String openingText(int roomId) throws SQLException {
        String sql = "SELECT opens FROM room WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, roomId);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return "";
                }
                return "opens " + rs.getTime(1);
            }
        }
    }

    /** Whether a day (text) is before the hotel opened, 2001-01-01; a text that is no day is not. */
    public static boolean beforeOpening(String day) {
        try {
            return Date.valueOf(day).before(Date.valueOf("2001-1-1"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
