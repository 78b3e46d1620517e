package kennel.dao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import kennel.util.Database;

/** Reads a dog's visits through the shared connection, closing it when done. */
public class VisitDao {

    public String lastReason(int dogId) throws SQLException {
        Connection connection = Database.getConnection();
        PreparedStatement ps = connection.prepareStatement("SELECT reason FROM visit WHERE dog_id = ? ORDER BY id DESC");
        ps.setInt(1, dogId);
        ResultSet rs = ps.executeQuery();
        String reason = null;
        if (rs.next()) {
            reason = rs.getString("reason");
        }
        Database.closeConnection();
        return reason;
    }
}
