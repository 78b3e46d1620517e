package loans;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Statistics on customers' mortgages; the queries are assembled by small helpers. */
public class MortgageStats {

    /** The zip code of the branch whose statistics calcStat computes. */
    static final int BRANCH_ZIP = 28223;

    private static String mortgagesOf(String columns) {
        return "SELECT " + columns + " FROM customer c INNER JOIN mortgage m ON c.id = m.customer_id";
    }

    private static String where(String query, String condition) {
        return query + " WHERE " + condition;
    }

    private static String buildQuery(int zip, int year) {
        String query = "SELECT c.income, m.balance, m.\"year\" FROM customer c, mortgage m"
                + " WHERE c.id = m.customer_id AND c.zipcode = " + zip;
        return query + " AND m.\"year\" = " + year;
    }

    /**
     * How many mortgages of the given term, held by customers of the branch, have a large
     * (income - 1.5 * balance) * term.
     */
    public static int calcStat(Connection conn, int inputYear) throws SQLException {
        int count = 0;
        String query = buildQuery(BRANCH_ZIP, inputYear);
        Statement st = conn.createStatement();
        ResultSet results = st.executeQuery(query);
        while (results.next()) {
            int income = results.getInt(1);
            int balance = results.getInt(2);
            int year = results.getInt(3);
            long diff = (income - balance * 3L / 2) * year;
            if (diff > 100000) {
                count++;
            }
        }
        results.close();
        st.close();
        return count;
    }

    /**
     * The percentage of open mortgages held by customers of at least minAge; -1 when no
     * mortgage is open.
     */
    public static int seniorShare(Connection conn, int minAge) throws SQLException {
        if (minAge < 18 || minAge > 120) {
            throw new IllegalArgumentException("age out of range");
        }
        int seniors;
        int all;
        try (Statement st = conn.createStatement()) {
            try (ResultSet rs = st.executeQuery(
                    where(mortgagesOf("COUNT(*)"), "m.status = 'open' AND c.age >= " + minAge))) {
                rs.next();
                seniors = rs.getInt(1);
            }
            try (ResultSet rs = st.executeQuery(where(mortgagesOf("COUNT(*)"), "m.status = 'open'"))) {
                rs.next();
                all = rs.getInt(1);
            }
        }
        if (all == 0) {
            return -1;
        }
        return seniors * 100 / all;
    }

    /**
     * A customer's risk: "unknown" customer, "none" without open mortgage, "high" when the open
     * balance exceeds five years of income, "medium" from 65 on, "low" otherwise.
     */
    public static String exposure(Connection conn, int customerId) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT age, income FROM customer WHERE id = ?");
        ps.setInt(1, customerId);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            rs.close();
            ps.close();
            return "unknown";
        }
        int age = rs.getInt("age");
        int income = rs.getInt("income");
        rs.close();
        ps.close();

        ps = conn.prepareStatement(mortgagesOf("COUNT(*), SUM(m.balance)")
                + " WHERE c.id = ? AND m.status = 'open'");
        ps.setInt(1, customerId);
        rs = ps.executeQuery();
        rs.next();
        int open = rs.getInt(1);
        long balance = rs.getLong(2);
        rs.close();
        ps.close();
        if (open == 0) {
            return "none";
        }
        if (balance > income * 5L) {
            return "high";
        }
        if (age >= 65) {
            return "medium";
        }
        return "low";
    }

    /**
     * Sets the status of a mortgage. Returns the number of mortgages changed (0 or 1), or -1
     * when the database refuses the status.
     */
    public static int setStatus(Connection conn, int customerId, int loanNo, String status)
            throws SQLException {
        PreparedStatement ps = conn.prepareStatement(
                "UPDATE mortgage SET status = ? WHERE customer_id = ? AND loan_no = ?");
        try {
            ps.setString(1, status);
            ps.setInt(2, customerId);
            ps.setInt(3, loanNo);
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        } finally {
            ps.close();
        }
    }

    /** The open balance of the customers of one gender ("F" or "M"); 0 when there is none. */
    public static long openBalance(Connection conn, String gender) throws SQLException {
        if (!"F".equals(gender) && !"M".equals(gender)) {
            throw new IllegalArgumentException("gender is F or M");
        }
        PreparedStatement ps = conn.prepareStatement(
                where(mortgagesOf("SUM(m.balance) AS total"), "c.gender = ? AND m.status = 'open'"));
        ps.setString(1, gender);
        ResultSet rs = ps.executeQuery();
        rs.next();
        long total = rs.getLong("total");
        boolean none = rs.wasNull();
        rs.close();
        ps.close();
        if (none) {
            return 0;
        }
        return total;
    }
}
