package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** A DAO over the factory: each method opens a connection through it and closes it. */
public class PatientDao {
    private final ConnectionFactory factory;

    public PatientDao(ConnectionFactory factory) {
        this.factory = factory;
    }

    public String nameOf(int id) throws SQLException {
        try (Connection conn = factory.getConnection();
             PreparedStatement ps = conn.prepareStatement("SELECT name FROM patient WHERE id = ? AND active = TRUE")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString("name") : null;
            }
        }
    }

    public int deactivate(int id) throws SQLException {
        try (Connection conn = factory.getConnection();
             PreparedStatement ps = conn.prepareStatement("UPDATE patient SET active = FALSE WHERE id = ?")) {
            ps.setInt(1, id);
            return ps.executeUpdate();
        }
    }

    /** Records a visit; a negative fee is refused before the database is asked. */
    public boolean recordVisit(int visitId, int patientId, int fee) throws SQLException {
        if (fee < 0) {
            return false;
        }
        try (Connection conn = factory.getConnection();
             PreparedStatement ps = conn.prepareStatement("INSERT INTO visit (id, patient_id, fee) VALUES (?, ?, ?)")) {
            ps.setInt(1, visitId);
            ps.setInt(2, patientId);
            ps.setInt(3, fee);
            return ps.executeUpdate() == 1;
        } catch (SQLException e) {
            return false;
        }
    }
}
