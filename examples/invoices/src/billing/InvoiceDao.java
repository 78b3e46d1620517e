package billing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Invoices in the database, written as such DAOs usually are. */
public class InvoiceDao {
    private final Connection connection;

    public InvoiceDao(Connection connection) {
        this.connection = connection;
    }

    /** Records an invoice; a negative amount is refused before the database sees it. */
    public boolean add(Invoice invoice) throws SQLException {
        if (invoice.getAmount().signum() < 0) {
            return false;
        }
        String sql = "INSERT INTO invoice (id, customer, amount) VALUES (?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, invoice.getId());
            stmt.setString(2, invoice.getCustomer());
            stmt.setBigDecimal(3, invoice.getAmount());
            return stmt.executeUpdate() == 1;
        }
    }

    /** The amount still due on an invoice: its amount less its discount; null when unknown. */
    public BigDecimal due(int id) throws SQLException {
        String sql = "SELECT amount, discount FROM invoice WHERE id = ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                BigDecimal amount = rs.getBigDecimal("amount");
                BigDecimal discount = rs.getBigDecimal("discount");
                if (discount == null) {
                    return amount;
                }
                return amount.subtract(discount);
            }
        }
    }

    /** How many invoices are above a threshold. */
    public int countAbove(BigDecimal threshold) throws SQLException {
        String sql = "SELECT COUNT(*) FROM invoice WHERE amount > ?";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setBigDecimal(1, threshold);
            try (ResultSet rs = stmt.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Gives a discount on an invoice. */
    public int discount(int id, BigDecimal discount) throws SQLException {
        String sql = "UPDATE invoice SET discount = ? WHERE id = ? AND amount >= 10";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setBigDecimal(1, discount);
            stmt.setInt(2, id);
            return stmt.executeUpdate();
        }
    }

    /** A price with tax at a rate (0.25 is 25%), rounded to cents. */
    public static BigDecimal withTax(BigDecimal price, BigDecimal rate) {
        BigDecimal tax = price.multiply(rate).setScale(2, RoundingMode.HALF_UP);
        return price.add(tax);
    }

    /** Whether an amount is large: at least 1000.00. */
    public static boolean isLarge(BigDecimal amount) {
        return amount != null && amount.compareTo(new BigDecimal("1000.00")) >= 0;
    }

    /** The larger of a price and a minimum charge of 5, in whole units. */
    public static BigDecimal charge(BigDecimal price, long minimum) {
        return price.max(BigDecimal.valueOf(minimum)).setScale(0, RoundingMode.HALF_UP);
    }
}
