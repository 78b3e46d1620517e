package shop;

import java.sql.*;

public class SmallIntegersJdbc {
    private final Connection connection;

    public SmallIntegersJdbc(Connection connection) {
        this.connection = connection;
    }

    public Byte ageOf(int id) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT age FROM student WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getByte("age");
                }
                return null;
            }
        }
    }

    public boolean add(int id, String name, byte age) throws SQLException {
        if (age < 0) {
            return false;
        }
        try (PreparedStatement ps = connection.prepareStatement("INSERT INTO student (id, name, age) VALUES (?, ?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            ps.setByte(3, age);
            return ps.executeUpdate() == 1;
        }
    }

    public int adults(short minimum) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT age FROM student WHERE age >= ?")) {
            ps.setShort(1, minimum);
            try (ResultSet rs = ps.executeQuery()) {
                int n = 0;
                while (rs.next()) {
                    short age = rs.getShort(1);
                    if (age > 17) {
                        n++;
                    }
                }
                return n;
            }
        }
    }
}
