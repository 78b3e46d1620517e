package users;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Data access the way application code usually writes it: a bean per row, try-with-resources,
 * a transaction with a rollback on failure, and an aggregate.
 */
public class UserDao {
    private static final String FIND_BY_ID = "SELECT id, name, age FROM users WHERE id = ?";

    public static User findById(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(FIND_BY_ID)) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return new User(rs.getInt("id"), rs.getString("name"), rs.getInt("age"));
                }
                return null;
            }
        }
    }

    /** The users of at least a given age, by id. */
    public static List<User> findAdults(Connection conn, int minAge) throws SQLException {
        List<User> result = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT id, name, age FROM users WHERE age >= ? ORDER BY id")) {
            ps.setInt(1, minAge);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    result.add(new User(rs.getInt("id"), rs.getString("name"), rs.getInt("age")));
                }
            }
        }
        return result;
    }

    /** The users older than a given age, by id, as an ArrayList. */
    public static ArrayList<User> olderThan(Connection conn, int age) throws SQLException {
        ArrayList<User> result = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT id, name, age FROM users WHERE age > ? ORDER BY id")) {
            ps.setInt(1, age);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    result.add(new User(rs.getInt("id"), rs.getString("name"), rs.getInt("age")));
                }
            }
        }
        return result;
    }

    /** The ids of a user's orders, as longs. */
    public static List<Long> orderIds(Connection conn, int userId) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT id FROM orders WHERE user_id = ? ORDER BY id")) {
            ps.setInt(1, userId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong("id"));
                }
            }
        }
        return ids;
    }

    /** Whether a name is reserved: List.contains compares Strings with equals. */
    public static boolean isReservedName(String name) {
        List<String> reserved = new ArrayList<>();
        reserved.add("admin");
        reserved.add("root");
        return reserved.contains(name);
    }

    /** How many of the given names are set, from a list declared ArrayList. */
    public static int countNamed(ArrayList<String> names) {
        int named = 0;
        for (String name : names) {
            if (name != null) {
                named++;
            }
        }
        return named;
    }

    /** How many of the given users are adults; null entries are skipped. */
    public static int countAdults(List<User> users) {
        int adults = 0;
        for (User u : users) {
            if (u != null && u.getAge() >= 18) {
                adults++;
            }
        }
        return adults;
    }

    public static int countOrders(Connection conn, int userId) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT COUNT(*) FROM orders WHERE user_id = ?");
        ps.setInt(1, userId);
        ResultSet rs = ps.executeQuery();
        rs.next();
        int n = rs.getInt(1);
        rs.close();
        ps.close();
        return n;
    }

    public static boolean deactivate(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE users SET active = FALSE WHERE id = ? AND active = TRUE")) {
            ps.setInt(1, id);
            return ps.executeUpdate() == 1;
        }
    }

    public static int placeOrder(Connection conn, int orderId, int userId, int amount) throws SQLException {
        if (amount <= 0) {
            throw new IllegalArgumentException("amount must be positive");
        }
        boolean autoCommit = conn.getAutoCommit();
        conn.setAutoCommit(false);
        try {
            PreparedStatement check = conn.prepareStatement("SELECT age FROM users WHERE id = ?");
            check.setInt(1, userId);
            ResultSet rs = check.executeQuery();
            if (!rs.next()) {
                conn.rollback();
                return -1;
            }
            if (rs.getInt("age") < 18) {
                conn.rollback();
                return -2;
            }
            PreparedStatement ins = conn.prepareStatement("INSERT INTO orders (id, user_id, amount, status) VALUES (?, ?, ?, 'NEW')");
            ins.setInt(1, orderId);
            ins.setInt(2, userId);
            ins.setInt(3, amount);
            ins.executeUpdate();
            conn.commit();
            return orderId;
        } catch (SQLException e) {
            conn.rollback();
            throw e;
        } finally {
            conn.setAutoCommit(autoCommit);
        }
    }

    /**
     * Records a new order under the next id the database gives; how many orders the user then
     * has, or -1 when the order is refused (no such user, or an amount the schema rejects).
     */
    public static int addOrder(Connection conn, int userId, int amount) throws SQLException {
        try (PreparedStatement ins = conn.prepareStatement("INSERT INTO orders (user_id, amount, status) VALUES (?, ?, 'NEW')")) {
            ins.setInt(1, userId);
            ins.setInt(2, amount);
            ins.executeUpdate();
        } catch (SQLException e) {
            return -1;
        }
        try (PreparedStatement count = conn.prepareStatement("SELECT COUNT(*) FROM orders WHERE user_id = ? AND id > 0")) {
            count.setInt(1, userId);
            ResultSet rs = count.executeQuery();
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Records a new order and returns the id the database gave it, or -1 when refused. */
    public static int newOrderId(Connection conn, int userId, int amount) throws SQLException {
        String sql = "INSERT INTO orders (user_id, amount, status) VALUES (?, ?, 'NEW')";
        try (PreparedStatement ins = conn.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            ins.setInt(1, userId);
            ins.setInt(2, amount);
            ins.executeUpdate();
            try (ResultSet keys = ins.getGeneratedKeys()) {
                keys.next();
                return keys.getInt("id");
            }
        } catch (SQLException e) {
            return -1;
        }
    }

    /** A user's name for a greeting: minors are greeted by name only, adults formally. */
    public static String greeting(Connection conn, int id) throws SQLException {
        User u = findById(conn, id);
        if (u == null) {
            return "unknown";
        }
        if (u.getAge() < 18) {
            return u.getName();
        }
        return "Dear " + u.getName();
    }

    public static long totalAmount(Connection conn, String status) throws SQLException {
        long total = 0;
        try (PreparedStatement ps = conn.prepareStatement("SELECT amount FROM orders WHERE status = ?")) {
            ps.setString(1, status);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    total += rs.getLong("amount");
                }
            }
        }
        return total;
    }

    /** The age of the first user (by id) from a minimum age on: over 100 at once, stopping at 50. */
    public static int firstAgeFrom(Connection conn, int minAge) throws SQLException {
        int found = -1;
        try (PreparedStatement ps = conn.prepareStatement("SELECT age FROM users WHERE age >= ? ORDER BY id")) {
            ps.setInt(1, minAge);
            ResultSet rs = ps.executeQuery();
            while (rs.next()) {
                int age = rs.getInt(1);
                if (age > 100) {
                    return age;
                }
                if (age == 50) {
                    break;
                }
                found = age;
            }
        }
        return found;
    }

    /** Every user's contact, by id: the nullable e-mail column is copied, never looked at. */
    public static List<Contact> contacts(Connection conn) throws SQLException {
        List<Contact> result = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT name, email FROM users ORDER BY id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    result.add(new Contact(rs.getString("name"), rs.getString("email")));
                }
            }
        }
        return result;
    }

    /** A user's address line: the name alone when the e-mail column is NULL. */
    public static String addressLine(Connection conn, int id) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT name, email FROM users WHERE id = ?")) {
            ps.setInt(1, id);
            ResultSet rs = ps.executeQuery();
            if (!rs.next()) {
                return null;
            }
            String name = rs.getString(1);
            String email = rs.getString(2);
            if (rs.wasNull()) {
                return name;
            }
            return name + " <" + email + ">";
        }
    }

    /**
     * The names of the users the filters given select (a null filter selects all), by id: the
     * query built by appending a condition per filter, its parameters numbered as they come.
     */
    public static List<String> search(Connection conn, String name, Integer minAge, boolean activeOnly) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT name FROM users WHERE 1 = 1");
        if (name != null) {
            sql.append(" AND name = ?");
        }
        if (minAge != null) {
            sql.append(" AND age >= ?");
        }
        if (activeOnly) {
            sql.append(" AND active = TRUE");
        }
        sql.append(" ORDER BY id");
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement(sql.toString())) {
            int i = 1;
            if (name != null) {
                ps.setString(i++, name);
            }
            if (minAge != null) {
                ps.setInt(i++, minAge);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }

    /**
     * The names containing the given text (without its surrounding spaces), in id order; every
     * name when the text is null or blank. The LIKE pattern is built in Java around the text.
     */
    public static List<String> findByNamePart(Connection conn, String part) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT name FROM users");
        String pattern = null;
        if (part != null && !part.trim().isEmpty()) {
            sql.append(" WHERE name LIKE ?");
            pattern = "%" + part.trim() + "%";
        }
        sql.append(" ORDER BY id");
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement(sql.toString())) {
            if (pattern != null) {
                ps.setString(1, pattern);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }

    /**
     * The ids of the users whose name or email matches the LIKE pattern, in id order; the id of
     * a user without an email is negated. Which of the two columns matched is not a path of its
     * own: only the email's null test is.
     */
    public static List<Integer> findByNameOrEmail(Connection conn, String pattern) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (PreparedStatement ps =
                conn.prepareStatement("SELECT id, email FROM users WHERE name LIKE ? OR email LIKE ? ORDER BY id")) {
            ps.setString(1, pattern);
            ps.setString(2, pattern);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int id = rs.getInt(1);
                    ids.add(rs.getString(2) == null ? -id : id);
                }
            }
        }
        return ids;
    }
}
