package shop;

import java.sql.*;

/** Each method opens its own connection and closes it, as DAO code usually does. */
public class ProductDao {

    public int stockOf(int id) {
        try (Connection connection = ConnectionUtil.getConnection();
             PreparedStatement ps = connection.prepareStatement("SELECT stock FROM product WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getInt("stock");
                }
                return -1;
            }
        } catch (SQLException e) {
            return -2;
        }
    }

    public boolean restock(int id, int amount) throws SQLException {
        if (amount <= 0) {
            return false;
        }
        try (Connection connection = ConnectionUtil.getConnection();
             PreparedStatement ps = connection.prepareStatement("UPDATE product SET stock = stock + ? WHERE id = ?")) {
            ps.setInt(1, amount);
            ps.setInt(2, id);
            return ps.executeUpdate() == 1;
        }
    }

    /** Takes from the stock in one transaction: nothing changes unless all of it is there. */
    public boolean take(int id, int amount) throws SQLException {
        try (Connection connection = ConnectionUtil.getConnection()) {
            connection.setAutoCommit(false);
            try (PreparedStatement ps = connection.prepareStatement("UPDATE product SET stock = stock - ? WHERE id = ?")) {
                ps.setInt(1, amount);
                ps.setInt(2, id);
                if (ps.executeUpdate() == 1) {
                    connection.commit();
                    return true;
                }
            } catch (SQLException e) {
                connection.rollback();
                return false;
            }
            connection.rollback();
            return false;
        }
    }

    /** Adds a product, then reads it back through a second connection. */
    public String addAndName(int id, String name) throws SQLException {
        try (Connection connection = ConnectionUtil.getConnection();
             PreparedStatement ps = connection.prepareStatement("INSERT INTO product (id, name, stock) VALUES (?, ?, 0)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            ps.executeUpdate();
        }
        try (Connection connection = ConnectionUtil.getConnection();
             PreparedStatement ps = connection.prepareStatement("SELECT name FROM product WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
