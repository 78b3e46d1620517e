package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// Keys the Java code computed from one parameter, `id + 2` and `id + 3`, looked up in one
// table by composed callees: whether the second lookup meets the first one's row is decided by
// the offsets. Labelling used to run out of budget refuting `id + 2 = id + 3` through clpz.
// Every method is `ok`.
class WrappedKeys {
    static int quantity1(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT qty FROM item1 WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        int qty = -1;
        if (rs.next()) {
            qty = rs.getInt(1);
        }
        return qty;
    }

    static int restock0(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement("UPDATE item0 SET qty = 10 WHERE id = ?");
        ps.setInt(1, id);
        return ps.executeUpdate();
    }

    static int next(Connection c, int id) throws SQLException {
        int first = restock0(c, id);
        if (first <= 0) {
            return first;
        }
        return first + quantity1(c, id + 2);
    }

    static int total(Connection c, int id) throws SQLException {
        int first = next(c, id);
        if (first <= 2) {
            return first;
        }
        return first + quantity1(c, id + 3);
    }
}
