package clinic;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Date;

class Visits {
    private Date when;

    // A java.util.Date field; a Timestamp is one.
    void book(Timestamp at) {
        when = at;
    }

    // new java.sql.Date(long) of a java.util.Date's getTime(), as DAOs write it.
    static int insert(Connection conn, int id, Date day, Timestamp booked) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("INSERT INTO visit (id, day, booked) VALUES (?, ?, ?)");
        ps.setInt(1, id);
        ps.setDate(2, new java.sql.Date(day.getTime()));
        ps.setTimestamp(3, booked);
        return ps.executeUpdate();
    }

    // getDate by label, getTimestamp by index; setObject of a date.
    static long since(Connection conn, java.sql.Date from) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT day, booked FROM visit WHERE day >= ? ORDER BY day");
        ps.setObject(1, from);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return -1;
        }
        java.sql.Date day = rs.getDate("day");
        Timestamp booked = rs.getTimestamp(2);
        return booked == null ? day.getTime() : booked.getTime();
    }

    // before, after, compareTo and equals; ?: of two dates.
    static int order(Timestamp a, Timestamp b) {
        if (a.equals(b)) {
            return 0;
        }
        Date first = a.before(b) ? a : b;
        return first.compareTo(a) + (b.after(a) ? 2 : 4);
    }
}
