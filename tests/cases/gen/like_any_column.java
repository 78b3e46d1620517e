package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

// A search over several columns, `a LIKE ? OR b LIKE ? OR ...`, as DAO code writes it: which
// of the columns matched is data the code never looks at, so a row the query returns is one
// path, not one per combination of matching columns and NULLs (113 paths and a search budget
// run out before, 6 now: 0, 1 or 2 rows, with the keyword null or not).
class LikeAnyColumn {
    static List<Integer> search(Connection c, String keyword) throws SQLException {
        String like = "%" + keyword + "%";
        List<Integer> ids = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT id FROM person WHERE name LIKE ? OR city LIKE ? OR email LIKE ? ORDER BY id")) {
            ps.setString(1, like);
            ps.setString(2, like);
            ps.setString(3, like);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getInt(1));
                }
            }
        }
        return ids;
    }

    // Both columns nullable, and the code looks at one of them: a row with no city matched by
    // its email, and one with a city, are paths of their own (31 paths before, 7 now).
    static int withCity(Connection c, String keyword) throws SQLException {
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT city FROM person WHERE city LIKE ? OR email LIKE ?")) {
            ps.setString(1, keyword);
            ps.setString(2, keyword);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1) != null) {
                        n++;
                    }
                }
            }
        }
        return n;
    }
}
