package notes;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// ORDER BY a TIME column whose DEFAULT reads the clock (kept opaque): the order of the rows is not
// known, so the method is skipped with a located diagnostic; a condition on it is analysed.
public class Notes {
    public static int newest(Connection conn) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT id FROM notes ORDER BY created DESC");
        ResultSet rs = ps.executeQuery();
        if (rs.next()) {
            return rs.getInt(1);
        }
        return -1;
    }

    public static int undated(Connection conn) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM notes WHERE created IS NULL");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }
}
