package shop;

import java.sql.*;
import java.util.ArrayList;
import java.util.List;

public class OrderStats {
    private final Connection connection;

    public OrderStats(Connection connection) {
        this.connection = connection;
    }

    // AVG of an INTEGER column is a DOUBLE; NULL (read as 0.0, wasNull) without rows.
    public double averageAmount(int customerId) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT AVG(amount) FROM orders WHERE customer_id = ?")) {
            stmt.setInt(1, customerId);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                double average = rs.getDouble(1);
                if (rs.wasNull()) {
                    return -1.0;
                }
                return average > 10 ? average - 10 : average;
            }
        }
    }

    // getInt of a DOUBLE: H2 rounds half up.
    public int roundedAverage() throws SQLException {
        try (Statement stmt = connection.createStatement();
             ResultSet rs = stmt.executeQuery("SELECT AVG(amount) AS mean FROM orders")) {
            rs.next();
            return rs.getInt("mean");
        }
    }

    // The customers, most orders first (ties by id).
    public List<Integer> busiestFirst() throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (Statement stmt = connection.createStatement();
             ResultSet rs = stmt.executeQuery("SELECT customer_id, COUNT(*) AS n FROM orders GROUP BY customer_id ORDER BY n DESC, customer_id")) {
            while (rs.next()) {
                ids.add(rs.getInt("customer_id"));
            }
        }
        return ids;
    }

    // The customer who spent most, if one spent most alone (a tie at the window's edge is not explored).
    public int topSpender() throws SQLException {
        try (Statement stmt = connection.createStatement();
             ResultSet rs = stmt.executeQuery("SELECT customer_id FROM orders GROUP BY customer_id ORDER BY SUM(amount) DESC LIMIT 1")) {
            if (rs.next()) {
                return rs.getInt(1);
            }
            return -1;
        }
    }

    // Orders above the average: an INTEGER column compared with a DOUBLE.
    public int countAboveAverage() throws SQLException {
        try (Statement stmt = connection.createStatement();
             ResultSet rs = stmt.executeQuery("SELECT COUNT(*) FROM orders WHERE amount > (SELECT AVG(amount) FROM orders)")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    // DOUBLE arithmetic in SQL: a DOUBLE times an INTEGER, compared with a parameter.
    public double heaviestLoad(double limit) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT weight * amount + 0.5 FROM orders WHERE weight * amount < ? ORDER BY id")) {
            stmt.setDouble(1, limit);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getDouble(1);
                }
                return 0.0;
            }
        }
    }

    // getObject(col, Double.class): null for SQL NULL, else the DOUBLE boxed.
    public String weightOf(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT weight FROM orders WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return "no order";
                }
                Double weight = rs.getObject("weight", Double.class);
                if (weight == null) {
                    return "unweighed";
                }
                return weight > 2.5 ? "heavy" : "light";
            }
        }
    }
}
