package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// H2 converts a parameter to the type of the column it meets: text compared with a BIGINT key
// (an SQLException when it is no number), a long stored in a VARCHAR column (its digits), also
// in a foreign key, where a text too long for the column is found without trying numbers one by
// one (the digits of a long bound the long).
class JdbcConversions {
    static boolean exists(Connection c, String id) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT name FROM room WHERE id = ?");
        ps.setString(1, id);
        ResultSet rs = ps.executeQuery();
        return rs.next();
    }

    static int label(Connection c, long id, long code) throws SQLException {
        PreparedStatement ps = c.prepareStatement("INSERT INTO room (id, name) VALUES (?, ?)");
        ps.setLong(1, id);
        ps.setLong(2, code);
        return ps.executeUpdate();
    }

    static int move(Connection c, long wid, long hosp) throws SQLException {
        PreparedStatement ps = c.prepareStatement("UPDATE ward SET hosp = ? WHERE wid = ?");
        ps.setLong(1, hosp);
        ps.setLong(2, wid);
        return ps.executeUpdate();
    }
}
