package shop;

import java.sql.*;

public class DoublesJdbc {
    private final Connection connection;

    public DoublesJdbc(Connection connection) {
        this.connection = connection;
    }

    public boolean create(int id, double amount, int term) {
        if (amount <= 0.0 || term < 1) {
            return false;
        }
        try (PreparedStatement stmt = connection.prepareStatement("INSERT INTO loan (id, amount, term) VALUES (?, ?, ?)")) {
            stmt.setInt(1, id);
            stmt.setDouble(2, amount * term);
            stmt.setInt(3, term);
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public double amountOf(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT amount FROM loan WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return rs.getDouble("amount");
                }
                return -1.0;
            }
        }
    }
}
