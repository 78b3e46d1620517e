package notes;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// ORDER BY a column whose DEFAULT reads the clock: the rows a test inserts give it values, and
// a row the method inserts without one gets the statement's reading of the clock.
public class Board {
    public static int newest(Connection conn) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT id FROM note ORDER BY created DESC, id");
        ResultSet rs = ps.executeQuery();
        if (rs.next()) {
            return rs.getInt(1);
        }
        return -1;
    }

    public static int postThenNewest(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("INSERT INTO note (id, body) VALUES (?, 'hi')");
        ps.setInt(1, id);
        ps.executeUpdate();
        return newest(conn);
    }
}
