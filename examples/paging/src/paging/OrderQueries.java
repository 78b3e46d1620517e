package paging;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Queries that keep a window of their rows: the latest order, and a page of orders. */
public class OrderQueries {

    /** The id of a customer's most recent order, or -1 when the customer has none. */
    public static int latestOrder(Connection conn, int customer) throws SQLException {
        String sql = "SELECT id FROM orders WHERE customer = ? ORDER BY created DESC LIMIT 1";
        int latest = -1;
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setInt(1, customer);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    latest = rs.getInt("id");
                }
            }
        }
        return latest;
    }

    /** The amounts of one page of orders, by id; a negative page size is H2's error. */
    public static List<Integer> page(Connection conn, int size, int first) throws SQLException {
        List<Integer> amounts = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT amount FROM orders ORDER BY id LIMIT ? OFFSET ?")) {
            ps.setInt(1, size);
            ps.setInt(2, first);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    amounts.add(rs.getInt(1));
                }
            }
        }
        return amounts;
    }

    /** Whether a customer has more than one order: the second row of their orders exists. */
    public static boolean isRepeatCustomer(Connection conn, int customer) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT id FROM orders WHERE customer = ? OFFSET 1 ROWS FETCH FIRST 1 ROW ONLY")) {
            ps.setInt(1, customer);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The customers with an order of at least the given amount, each once, by number. */
    public static List<Integer> bigSpenders(Connection conn, int minAmount) throws SQLException {
        List<Integer> customers = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT DISTINCT customer FROM orders WHERE amount >= ?")) {
            ps.setInt(1, minAmount);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    customers.add(rs.getInt("customer"));
                }
            }
        }
        return customers;
    }

    /** How many orders each customer has, by customer number (H2 lists groups sorted). */
    public static List<Integer> orderCounts(Connection conn, int minAmount) throws SQLException {
        List<Integer> counts = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT customer, COUNT(*) AS n FROM orders WHERE amount >= ? GROUP BY customer")) {
            ps.setInt(1, minAmount);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    counts.add(rs.getInt("n"));
                }
            }
        }
        return counts;
    }

    /** How many customers have ordered at all. */
    public static int customerCount(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT COUNT(DISTINCT customer) FROM orders");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
