// Finding realcode/wildcard: `import java.sql.*;` brings `SQLException` (not java.lang's).
package demo;

import java.sql.*;

public class Items {
    public static int count(Connection c) {
        try {
            PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM item");
            ResultSet rs = ps.executeQuery();
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            return -1;
        }
    }
}
