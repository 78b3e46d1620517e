package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

// An UPDATE that sets a column to itself less (or plus) a share of itself, `price - price * ? / 100`,
// whose CHECK fails for some rows and holds for others: that the new price falls below 1 only
// at 100 percent is distributivity (price * (100 - percent)), which bounds propagation on the
// separate product, quotient and difference does not see; labelling such a path used to run
// out of its budget. Every method is `ok`.
class SqlFactoredPrice {
    static int discount(Connection c, int percent) throws SQLException {
        if (percent < 1 || percent > 100) {
            return 0;
        }
        PreparedStatement ps = c.prepareStatement("UPDATE item SET price = price - price * ? / 100");
        ps.setInt(1, percent);
        try {
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        }
    }

    static int markUp(Connection c, int percent) throws SQLException {
        if (percent < 0 || percent > 1000) {
            return 0;
        }
        PreparedStatement ps = c.prepareStatement("UPDATE item SET price = price + price * ? / 100");
        ps.setInt(1, percent);
        try {
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        }
    }
}
