package hotel;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;

/** Bookings with java.time days: stored, found, counted from today on. */
public class StayDao {
    private final Connection connection;

    public StayDao(Connection connection) {
        this.connection = connection;
    }

    /** Stores a stay; a day before the hotel opened (2001-01-01) is refused. */
    public boolean add(Stay stay) throws SQLException {
        if (stay.getDay().isBefore(LocalDate.of(2001, 1, 1))) {
            return false;
        }
        String sql = "INSERT INTO booking (id, room_id, stay_day, created_time, updated_time) VALUES (?, ?, ?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, stay.getId());
            stmt.setInt(2, stay.getRoomId());
            stmt.setObject(3, stay.getDay());
            stmt.setTimestamp(4, Timestamp.valueOf(stay.getCreated()));
            stmt.setObject(5, stay.getCreated());
            return stmt.executeUpdate() == 1;
        }
    }

    /** The day of a booking, or null when there is none. */
    public LocalDate dayOf(int id) throws SQLException {
        String sql = "SELECT stay_day FROM booking WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() ? rs.getObject(1, LocalDate.class) : null;
            }
        }
    }

    /** When a booking was made, or null when there is none. */
    public LocalDateTime createdAt(int id) throws SQLException {
        String sql = "SELECT created_time FROM booking WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return rs.getTimestamp("created_time").toLocalDateTime();
            }
        }
    }

    /** Moves a booking to the day after its day; false when there is none. */
    public boolean postpone(int id) throws SQLException {
        LocalDate day = dayOf(id);
        if (day == null) {
            return false;
        }
        String sql = "UPDATE booking SET stay_day = ? WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setDate(1, Date.valueOf(day.plusDays(1)));
            stmt.setInt(2, id);
            return stmt.executeUpdate() == 1;
        }
    }

    /** How many bookings of a room are still to come (after today). */
    public int upcoming(int roomId) throws SQLException {
        String sql = "SELECT COUNT(*) FROM booking WHERE room_id = ? AND stay_day > CURRENT_DATE";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, roomId);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The text of a booking's day and month ("12/31"), "" when there is none. */
    public String dayAndMonth(int id) throws SQLException {
        String sql = "SELECT stay_day FROM booking WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return "";
                }
                LocalDate day = rs.getDate(1).toLocalDate();
                return day.getMonthValue() + "/" + day.getDayOfMonth();
            }
        }
    }
}
