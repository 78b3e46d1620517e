package shop;

import java.sql.*;

public class PaymentsRounded {
    private final Connection connection;

    public PaymentsRounded(Connection connection) {
        this.connection = connection;
    }

    public boolean pay(double amount) {
        if (amount <= 0.0) {
            return false;
        }
        try (PreparedStatement stmt = connection.prepareStatement("INSERT INTO payment (amount) VALUES (?)")) {
            stmt.setDouble(1, amount);
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public double amountOf(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT amount FROM payment WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    double amount = rs.getDouble("amount");
                    if (amount > 100.0) {
                        return 100.0;
                    }
                    return amount;
                }
                return -1.0;
            }
        }
    }

    public int countAbove(double limit) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT COUNT(*) FROM payment WHERE amount > ?")) {
            stmt.setDouble(1, limit);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }
}
