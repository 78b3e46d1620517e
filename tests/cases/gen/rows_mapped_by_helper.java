package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A DAO maps a column of every row through a static helper that calls another helper and then
 *  tests `trim().toLowerCase().equals(..)` against literals: composing the helper's cases per
 *  row must stay within the budgets, and the rows reach every branch of the helper. */
class RowsMappedByHelper {
    static boolean hasContent(String string) {
        if (string == null || string.trim().equals("")) {
            return false;
        }
        return true;
    }

    static int kindOf(String name) {
        if (hasContent(name) && name.trim().toLowerCase().equals("male")) {
            return 1;
        } else if (hasContent(name) && name.trim().toLowerCase().equals("female")) {
            return 2;
        }
        return 0;
    }

    static List<Integer> kinds(Connection c) throws SQLException {
        List<Integer> kinds = new ArrayList<>();
        PreparedStatement ps = c.prepareStatement("SELECT id, gender FROM person");
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            kinds.add(kindOf(rs.getString("gender")));
        }
        return kinds;
    }
}
