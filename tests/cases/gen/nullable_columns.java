package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

class H {
    String id, a, b, c, d;

    H(String id, String a, String b, String c, String d) {
        this.id = id; this.a = a; this.b = b; this.c = c; this.d = d;
    }
}

class HDao {
    // No branch on the columns: one path per number of rows (0, 1, 2 at k = 2), the nullable
    // columns NULL where nothing asks for more.
    static List<H> all(Connection conn) throws SQLException {
        List<H> list = new ArrayList<>();
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM h ORDER BY id");
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            list.add(new H(rs.getString("id"), rs.getString("a"), rs.getString("b"), rs.getString("c"), rs.getString("d")));
        }
        return list;
    }

    // The null test and the length look at the value read: it is NULL or text of at most the
    // column's 10 characters, so `length() > 10` is never true.
    static int longA(Connection conn, String id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT a FROM h WHERE id = ?");
        ps.setString(1, id);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return -1;
        }
        String a = rs.getString(1);
        if (a == null) {
            return 0;
        }
        if (a.length() > 10) {
            return 2;
        }
        return 1;
    }

    // wasNull() looks at the value the last getter read.
    static String bOrId(Connection conn) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT id, b FROM h ORDER BY id");
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return "";
        }
        String id = rs.getString(1);
        String b = rs.getString(2);
        return rs.wasNull() ? id : b;
    }
}
