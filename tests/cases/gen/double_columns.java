package shop;

import java.sql.*;

public class Items {
    private final Connection connection;

    public Items(Connection connection) {
        this.connection = connection;
    }

    public boolean add(int id, double price, float weight) {
        if (price < 0.0) {
            return false;
        }
        try (PreparedStatement stmt = connection.prepareStatement("INSERT INTO item (id, price, weight) VALUES (?, ?, ?)")) {
            stmt.setInt(1, id);
            stmt.setDouble(2, price * 2);
            stmt.setFloat(3, weight);
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public double priceOf(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT price FROM item WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    double price = rs.getDouble("price");
                    return price > 10.5 ? price - 10.5 : price;
                }
                return -1.0;
            }
        }
    }

    public int countCheaper(double limit) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT COUNT(*) FROM item WHERE price < ? AND price >= 1.5")) {
            stmt.setDouble(1, limit);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public double total() throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT SUM(price) FROM item WHERE weight > 2")) {
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                double total = rs.getDouble(1);
                if (rs.wasNull()) {
                    return -1.0;
                }
                return total;
            }
        }
    }

    public float heaviest() throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT weight FROM item ORDER BY weight DESC")) {
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getFloat(1);
                }
                return 0.0f;
            }
        }
    }
}
