package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

// An SQL string literal longer than the strings hornet models: reported incomplete, never
// 'ok' with no tests.
class LongSqlLiteral {
    static int insert(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement("INSERT INTO person (id, name) VALUES (?, 'abcdefghijklmnopq')");
        ps.setInt(1, id);
        return ps.executeUpdate();
    }
}
