package payments;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;

/** Payments of accounts: the DECIMAL amount is written with setDouble and read with getDouble; the fee is a DOUBLE. */
public class PaymentDao {
    private final Connection connection;

    public PaymentDao(Connection connection) {
        this.connection = connection;
    }

    public boolean pay(int accountId, double amount) {
        if (amount <= 0.0) {
            return false;
        }
        String sql = "INSERT INTO payment (account_id, amount) VALUES (?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, accountId);
            stmt.setDouble(2, amount);
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public ArrayList<Payment> paymentsOf(int accountId) throws SQLException {
        ArrayList<Payment> payments = new ArrayList<>();
        String sql = "SELECT id, amount FROM payment WHERE account_id = ? ORDER BY id";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, accountId);
            try (ResultSet rs = stmt.executeQuery()) {
                while (rs.next()) {
                    payments.add(new Payment(rs.getInt("id"), rs.getDouble("amount")));
                }
            }
        }
        return payments;
    }

    public double largest(int accountId) throws SQLException {
        String sql = "SELECT amount FROM payment WHERE account_id = ? ORDER BY amount DESC";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, accountId);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return 0.0;
                }
                double amount = rs.getDouble(1);
                return amount > 1000.0 ? 1000.0 : amount;
            }
        }
    }

    public int countAbove(double limit) throws SQLException {
        String sql = "SELECT COUNT(*) FROM payment WHERE amount > ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setDouble(1, limit);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public boolean charge(int paymentId, double fee) throws SQLException {
        if (fee < 0.0) {
            return false;
        }
        String sql = "UPDATE payment SET fee = ? WHERE id = ? AND amount > ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setDouble(1, fee);
            stmt.setInt(2, paymentId);
            stmt.setDouble(3, fee * 2);
            return stmt.executeUpdate() == 1;
        }
    }

    public double totalFees(int accountId) throws SQLException {
        String sql = "SELECT SUM(fee) FROM payment WHERE account_id = ? AND fee > 0.5";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, accountId);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                double total = rs.getDouble(1);
                return total > 100.0 ? 100.0 : total;
            }
        }
    }
}
