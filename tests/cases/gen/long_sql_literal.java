package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

// An SQL string literal longer than the 16 characters of strings of unknown length: text of a
// known length is modelled at any length, so the statement runs and stores it.
class LongSqlLiteral {
    static int insert(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement("INSERT INTO person (id, name) VALUES (?, 'abcdefghijklmnopq')");
        ps.setInt(1, id);
        return ps.executeUpdate();
    }
}
