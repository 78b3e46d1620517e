package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// SQL conditions that used to exhaust the search budget, each on every row a statement
// materialises: an ENUM column compared with a literal, LIKE with a prefix refuted, and a
// CHECK on `nb + 1` after the Java code compared nb with the capacity. Every method is `ok`.
class BudgetSqlConditions {
    static int pay(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement(
                "UPDATE orders SET status = 'paid' WHERE id = ? AND status = 'new'");
        ps.setInt(1, id);
        return ps.executeUpdate();
    }

    static int computing(Connection c) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT id FROM orders WHERE subject LIKE 'CS%'");
        ResultSet rs = ps.executeQuery();
        int n = 0;
        while (rs.next()) {
            n++;
        }
        return n;
    }

    static boolean add(Connection c, int id) throws SQLException {
        PreparedStatement find = c.prepareStatement("SELECT nb, capacity FROM shelf WHERE id = ?");
        find.setInt(1, id);
        ResultSet rs = find.executeQuery();
        if (!rs.next()) {
            return false;
        }
        int nb = rs.getInt(1);
        int capacity = rs.getInt(2);
        if (nb >= capacity) {
            return false;
        }
        PreparedStatement update = c.prepareStatement("UPDATE shelf SET nb = nb + 1 WHERE id = ?");
        update.setInt(1, id);
        update.executeUpdate();
        return true;
    }
}
