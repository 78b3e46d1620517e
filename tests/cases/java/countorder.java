// A query of aggregates ordered by a column (../shared/findings/realcode/countorder): H2 rejects
// it ("must be in the GROUP BY list"), so the method is reported, never given a test that fails.
package demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

public class Bills {
    public static int pending(Connection c) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM bill WHERE status = 'P' ORDER BY sub DESC");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    public static int pendingTotal(Connection c) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT SUM(sub) FROM bill WHERE status = 'P' ORDER BY 1 + 1");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }
}
