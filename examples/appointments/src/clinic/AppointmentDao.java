package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/** Appointments in the database, written as such DAOs usually are. */
public class AppointmentDao {
    private final Connection connection;

    public AppointmentDao(Connection connection) {
        this.connection = connection;
    }

    /** Books an appointment: its visit day is the day of the bean's date. */
    public int book(Appointment appointment) throws SQLException {
        String sql = "INSERT INTO appointment (id, patient_id, visit_day, booked_at) VALUES (?, ?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, appointment.getId());
            stmt.setInt(2, appointment.getPatientId());
            stmt.setDate(3, new java.sql.Date(appointment.getVisitDay().getTime()));
            stmt.setTimestamp(4, appointment.getBookedAt());
            return stmt.executeUpdate();
        }
    }

    /** How many visits fall in [from, to). */
    public int countBetween(java.sql.Date from, java.sql.Date to) throws SQLException {
        String sql = "SELECT COUNT(*) FROM appointment WHERE visit_day >= ? AND visit_day < ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setDate(1, from);
            stmt.setDate(2, to);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** The first visit of a patient, or null. */
    public java.sql.Date firstVisit(int patientId) throws SQLException {
        String sql = "SELECT visit_day FROM appointment WHERE patient_id = ? ORDER BY visit_day";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, patientId);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getDate("visit_day");
                }
                return null;
            }
        }
    }

    /** When the appointment was booked, in milliseconds; -1 when unknown or never booked. */
    public long bookedMillis(int id) throws SQLException {
        String sql = "SELECT booked_at FROM appointment WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return -1;
                }
                Timestamp booked = rs.getTimestamp(1);
                if (booked == null) {
                    return -1;
                }
                return booked.getTime();
            }
        }
    }

    /** Moves a visit to another day, unless that day is before the booking. */
    public boolean reschedule(int id, java.sql.Date day) throws SQLException {
        String sql = "UPDATE appointment SET visit_day = ? WHERE id = ? AND (booked_at IS NULL OR booked_at <= ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setDate(1, day);
            stmt.setInt(2, id);
            stmt.setDate(3, day);
            return stmt.executeUpdate() == 1;
        }
    }

    /** The later of two dates; null only when both are. */
    public static java.util.Date later(java.util.Date a, java.util.Date b) {
        if (a == null) {
            return b;
        }
        if (b == null || a.after(b)) {
            return a;
        }
        return b;
    }

    /** The patient's date of birth, or null. */
    public java.sql.Date bornOn(int patientId) throws SQLException {
        String sql = "SELECT born FROM patient WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, patientId);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() ? rs.getDate(1) : null;
            }
        }
    }

    /** How many visits of a patient are still to come (after today, by the database's clock). */
    public int upcomingVisits(int patientId) throws SQLException {
        String sql = "SELECT COUNT(*) FROM appointment WHERE patient_id = ? AND visit_day > CURRENT_DATE";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, patientId);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Whether the appointment was booked before now; false when it is unknown or never booked. */
    public boolean bookedInThePast(int id) throws SQLException {
        String sql = "SELECT id FROM appointment WHERE id = ? AND booked_at < NOW()";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next();
            }
        }
    }
}
