package loans;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Loans in the database: the amount is written with setDouble. */
public class LoanDao {
    private final Connection connection;

    public LoanDao(Connection connection) {
        this.connection = connection;
    }

    public boolean create(int id, Loan loan) {
        Double amount = loan.getAmount();
        if (amount == null || amount <= 0.0) {
            return false;
        }
        String sql = "INSERT INTO loan (id, amount, term) VALUES (?, ?, ?)";
        try (PreparedStatement stmt = connection.prepareStatement(sql)) {
            stmt.setInt(1, id);
            stmt.setDouble(2, amount);
            stmt.setInt(3, loan.getTerm());
            stmt.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public boolean exists(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT term FROM loan WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** The loan's amount as text, as Java writes a double, or a fixed text when there is none. */
    public String describe(int id) throws SQLException {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT amount FROM loan WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                if (rs.next()) {
                    return "Amount: " + rs.getDouble("amount");
                }
                return "no loan " + id;
            }
        }
    }

    /** Prints the amount, as console applications do: the text goes to the console only. */
    public void printAmount(int id) {
        try (PreparedStatement stmt = connection.prepareStatement("SELECT amount FROM loan WHERE id = ?")) {
            stmt.setInt(1, id);
            ResultSet rs = stmt.executeQuery();
            if (rs.next()) {
                System.out.println("Amount: " + rs.getDouble("amount") * 3);
            }
        } catch (SQLException e) {
            e.printStackTrace();
        }
    }
}
