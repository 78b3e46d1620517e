package shop;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Discounts on the bookshop's catalogue. Books on computer science (subject starting with "CS")
 * are discounted when their inventory is high; preferred customers get the discount whatever
 * the inventory. ACM books are discounted 20%, the others 10%. Prices are in cents.
 */
public class Discounts {

    private static final String PARTNER_BOOKS =
            "SELECT b.isbn, p.name, p.partner FROM book b INNER JOIN publisher p"
                    + " ON b.publisher_id = p.id"
                    + " WHERE b.inventory > ? AND b.subject LIKE ? ORDER BY b.isbn";

    /** What the discounted CS books would cost together, one copy each. */
    public static long discountedTotal(Connection conn, boolean preferred) throws SQLException {
        int inv;
        if (preferred) {
            inv = 0;
        } else {
            inv = 100;
        }
        String query = "SELECT b.price, p.name FROM book b, publisher p"
                + " WHERE b.publisher_id = p.id AND b.inventory > " + inv
                + " AND b.subject LIKE 'CS%'";
        Statement st = conn.createStatement();
        ResultSet results = st.executeQuery(query);
        long total = 0;
        while (results.next()) {
            int price = results.getInt("price");
            String publisher = results.getString("name");
            if (publisher.equals("ACM")) {
                total += price * 80 / 100;
            } else {
                total += price * 90 / 100;
            }
        }
        results.close();
        st.close();
        return total;
    }

    /**
     * Puts on sale the books with more than minInventory copies whose subject mentions the
     * keyword: 30% for partner publishers, 20% for ACM, 10% for the others. Returns how many
     * books were put on sale; a book already on sale makes the insert fail.
     */
    public static int markSale(Connection conn, int minInventory, String keyword)
            throws SQLException {
        if (keyword == null || keyword.isEmpty()) {
            return 0;
        }
        int marked = 0;
        try (PreparedStatement select = conn.prepareStatement(PARTNER_BOOKS);
                PreparedStatement insert = conn.prepareStatement("INSERT INTO sale VALUES (?, ?)")) {
            select.setInt(1, minInventory);
            select.setString(2, "%" + keyword + "%");
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    long isbn = rs.getLong(1);
                    int percent = 10;
                    if (rs.getBoolean(3)) {
                        percent = 30;
                    } else if ("ACM".equals(rs.getString(2))) {
                        percent = 20;
                    }
                    insert.setLong(1, isbn);
                    insert.setInt(2, percent);
                    insert.executeUpdate();
                    marked++;
                }
            }
        }
        return marked;
    }

    /**
     * Lowers by percent the price of a publisher's books in stock. Returns the number of books
     * repriced, or -1 when a price would fall to zero (the whole update is refused).
     */
    public static int applyDiscount(Connection conn, int publisherId, int percent)
            throws SQLException {
        if (percent < 0 || percent > 100) {
            throw new IllegalArgumentException("percent out of range");
        }
        if (percent == 0) {
            return 0;
        }
        PreparedStatement ps = conn.prepareStatement(
                "UPDATE book SET price = price - price * ? / 100"
                        + " WHERE publisher_id = ? AND inventory > 0");
        try {
            ps.setInt(1, percent);
            ps.setInt(2, publisherId);
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        } finally {
            ps.close();
        }
    }

    /** How spread the prices of a subject's books in stock are. */
    public static String priceRange(Connection conn, String subject) throws SQLException {
        PreparedStatement ps = conn.prepareStatement(
                "SELECT MIN(price) AS low, MAX(price) AS high FROM book"
                        + " WHERE subject = ? AND inventory > 0");
        ps.setString(1, subject);
        ResultSet rs = ps.executeQuery();
        rs.next();
        int low = rs.getInt("low");
        boolean none = rs.wasNull();
        int high = rs.getInt("high");
        rs.close();
        ps.close();
        if (none) {
            return "none in stock";
        }
        if (low == high) {
            return "one price";
        }
        if (high - low > 1000) {
            return "wide";
        }
        return "narrow";
    }

    /**
     * Adds (or, when negative, removes) copies of a book. A book that runs out of stock is taken
     * off sale. Returns the copies left, or -1 when there is no such book; removing more copies
     * than there are fails with the inventory check.
     */
    public static int restock(Connection conn, long isbn, int copies) throws SQLException {
        Statement st = conn.createStatement();
        try {
            int updated = st.executeUpdate(
                    "UPDATE book SET inventory = inventory + " + copies + " WHERE isbn = " + isbn);
            if (updated == 0) {
                return -1;
            }
            int left;
            try (ResultSet rs = st.executeQuery("SELECT inventory FROM book WHERE isbn = " + isbn)) {
                rs.next();
                left = rs.getInt(1);
            }
            if (left == 0) {
                st.executeUpdate("DELETE FROM sale WHERE isbn = " + isbn);
            }
            return left;
        } finally {
            st.close();
        }
    }
}
