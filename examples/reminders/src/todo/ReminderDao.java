package todo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Date;

/** Reminders over JDBC, with the clock read in Java. */
public class ReminderDao {
    private static final long WEEK = 7L * 24 * 60 * 60 * 1000;

    /** A new reminder, created now. */
    public static Reminder draft(int id, String title) {
        Reminder reminder = new Reminder();
        reminder.setId(id);
        reminder.setTitle(title);
        reminder.setCreated(new Date());
        return reminder;
    }

    /** Stores a reminder created now; a due day already past is refused. */
    public static void add(Connection conn, int id, String title, LocalDate due) throws SQLException {
        if (due != null && due.isBefore(LocalDate.now())) {
            throw new IllegalArgumentException("due in the past");
        }
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO reminder (id, title, created_at, due_day, done) VALUES (?, ?, ?, ?, FALSE)")) {
            ps.setInt(1, id);
            ps.setString(2, title);
            ps.setTimestamp(3, new Timestamp(System.currentTimeMillis()));
            ps.setObject(4, due);
            ps.executeUpdate();
        }
    }

    /** How many open reminders are due before today. */
    public static int overdue(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT COUNT(*) FROM reminder WHERE done = FALSE AND due_day < ?")) {
            ps.setObject(1, LocalDate.now());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Whether the reminder was created more than a week ago. */
    public static boolean isStale(Reminder reminder) {
        long age = new Date().getTime() - reminder.getCreated().getTime();
        return age > WEEK;
    }

    /** Whether the stored reminder was created more than a week ago; false when there is none. */
    public static boolean staleById(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT created_at FROM reminder WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                Timestamp created = rs.getTimestamp(1);
                if (System.currentTimeMillis() - created.getTime() > WEEK) {
                    return true;
                }
                return false;
            }
        }
    }

    /** Marks a reminder done, as of now; false when there is none. */
    public static boolean finish(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "UPDATE reminder SET done = TRUE, created_at = ? WHERE id = ?")) {
            ps.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
            ps.setInt(2, id);
            return ps.executeUpdate() == 1;
        }
    }

    /** Stores a reminder created now and due today, by the database's clock. */
    public static void addToday(Connection conn, int id, String title) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "INSERT INTO reminder (id, title, created_at, due_day, done) VALUES (?, ?, NOW(), CURRENT_DATE, FALSE)")) {
            ps.setInt(1, id);
            ps.setString(2, title);
            ps.executeUpdate();
        }
    }

    /** Reopens a reminder as created now, by the database's clock; false when there is none. */
    public static boolean reopen(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "UPDATE reminder SET done = FALSE, created_at = CURRENT_TIMESTAMP WHERE id = ?")) {
            ps.setInt(1, id);
            return ps.executeUpdate() == 1;
        }
    }

    /** Reopens a reminder and reads back when it was created: null when there is none. */
    public static Timestamp reopenedAt(Connection conn, int id) throws SQLException {
        if (!reopen(conn, id)) {
            return null;
        }
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT created_at FROM reminder WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return rs.getTimestamp(1);
            }
        }
    }

    /** When this call happened. */
    public static Instant stamp() {
        return Instant.now();
    }

    /** Milliseconds since the given instant. */
    public static long since(long start) {
        return System.currentTimeMillis() - start;
    }

    /** Which of two reminders' instants comes first: as Instant.compareTo orders them. */
    public static String firstOf(Instant a, Instant b) {
        int order = a.compareTo(b);
        if (order < 0) {
            return "first";
        }
        if (order == 0) {
            return "same";
        }
        return "second";
    }

    /** Whether the time is still ahead of the clock. */
    public static boolean ahead(java.time.LocalDateTime at) {
        return at.compareTo(java.time.LocalDateTime.now()) > 0;
    }
}
