package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// Methods taking a statement or a result set their caller made: analysed for their callers,
// reported with no tests of their own (a test cannot make what the caller prepared).
class JdbcParameters {
    static PreparedStatement fill(PreparedStatement ps, int id) throws SQLException {
        ps.setInt(1, id);
        return ps;
    }

    static PreparedStatement loadParameters(PreparedStatement ps, int id) throws SQLException {
        throw new IllegalStateException("unimplemented!");
    }

    static String nameOf(ResultSet rs) throws SQLException {
        return rs.getString("name");
    }

    static String find(Connection c, int id) throws SQLException {
        PreparedStatement ps = fill(c.prepareStatement("SELECT name FROM item WHERE id = ?"), id);
        ResultSet rs = ps.executeQuery();
        if (rs.next()) {
            return nameOf(rs);
        }
        return null;
    }
}
