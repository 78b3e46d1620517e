package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** An ENUM-like column (a CHECK that lists its strings) read through a helper that tests
 *  `trim().toLowerCase().equals(..)` against literals: a row whose string could be none of the
 *  listed ones is refuted when the path ends, not left to labelling (which ran out of budget
 *  trying every code); a row that can be only one of them holds it. 7 paths: no row, then per
 *  row "Male" or "Female", never the helper's `return 0`. */
class EnumColumnMappedByHelper {
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
