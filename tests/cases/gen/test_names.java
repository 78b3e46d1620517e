package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

// Test names from what the path does: the constant the code returns (javac inlines its value),
// the value returned, the violation an SQLException reports, an empty or filled list, and for
// paths that would share a name, the argument that is null or the rows the database starts with.
class Stock {
    static final int OK = 0;
    static final int NO_STOCK = -1;
    static final String SOLD_OUT = "sold out";

    static int buy(Connection conn, int item) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE stock SET quantity = 0 WHERE item = ? AND quantity > 0")) {
            ps.setInt(1, item);
            return ps.executeUpdate() == 1 ? OK : NO_STOCK;
        }
    }

    static String label(int quantity) {
        if (quantity == 0) {
            return SOLD_OUT;
        }
        return "in stock";
    }

    static int count(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM stock");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static List<Integer> items(Connection conn, int atLeast) throws SQLException {
        List<Integer> items = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT item FROM stock WHERE quantity >= ? ORDER BY item")) {
            ps.setInt(1, atLeast);
            ResultSet rs = ps.executeQuery();
            while (rs.next()) {
                items.add(rs.getInt(1));
            }
        }
        return items;
    }

    static String itemOf(Connection conn, String reference) throws SQLException {
        if (reference == null) {
            return null;
        }
        try (PreparedStatement ps = conn.prepareStatement("SELECT item FROM transfer WHERE reference = ?")) {
            ps.setString(1, reference);
            ResultSet rs = ps.executeQuery();
            return rs.next() ? "found" : null;
        }
    }

    static void transfer(Connection conn, String reference, int item) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO transfer (reference, item) VALUES (?, ?)")) {
            ps.setString(1, reference);
            ps.setInt(2, item);
            ps.executeUpdate();
        }
    }
}
