package kennel.dao;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import kennel.util.Database;

/** Reads dogs through the shared connection, closing it when done. */
public class DogDao {

    public int countOf(int ownerId) throws SQLException {
        Connection connection = Database.getConnection();
        PreparedStatement ps = connection.prepareStatement("SELECT COUNT(*) FROM dog WHERE owner_id = ?");
        ps.setInt(1, ownerId);
        ResultSet rs = ps.executeQuery();
        rs.next();
        int count = rs.getInt(1);
        Database.closeConnection();
        return count;
    }
}
