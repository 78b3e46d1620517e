package people;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

class People {
    // getObject(column, Integer.class): null for SQL NULL, else a box.
    static Integer age(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT age FROM person WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        return rs.next() ? rs.getObject("age", Integer.class) : null;
    }

    // setObject of a box sets its value or NULL; of null, NULL; of an int, the int.
    static int update(Connection conn, Integer age, Long visits, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("UPDATE person SET age = ?, visits = ?, name = ? WHERE id = ?");
        ps.setObject(1, age);
        ps.setObject(2, visits);
        ps.setObject(3, null);
        ps.setObject(4, id);
        return ps.executeUpdate();
    }

    static boolean known(Connection conn) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT age FROM person");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getObject(1, Float.class) != null;
    }

    static int rename(Connection conn, String name) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("UPDATE person SET name = ? WHERE name = ?");
        ps.setObject(1, "Dr " + name);
        ps.setString(2, name);
        return ps.executeUpdate();
    }
}
