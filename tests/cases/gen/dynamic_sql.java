package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

class DynamicSql {
    // Optional filters appended under conditions, their parameters numbered by i++.
    static int count(Connection conn, Long studentId, Long courseId) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM grade WHERE 1=1");
        if (studentId != null) {
            sql.append(" AND student_id = ?");
        }
        if (courseId != null) {
            sql.append(" AND course_id = ?");
        }
        PreparedStatement ps = conn.prepareStatement(sql.toString());
        int i = 1;
        if (studentId != null) {
            ps.setLong(i++, studentId);
        }
        if (courseId != null) {
            ps.setLong(i++, courseId);
        }
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    // A String appended to with +=, then an ORDER BY on every path.
    static int best(Connection conn, int min, boolean passed) throws SQLException {
        String sql = "SELECT score FROM grade WHERE score >= " + min;
        if (passed) {
            sql += " AND score >= 50";
        }
        sql += " ORDER BY score DESC";
        ResultSet rs = conn.createStatement().executeQuery(sql);
        if (rs.next()) {
            return rs.getInt(1);
        }
        return -1;
    }

    // Appends in the two arms of one if: never both on one path (their text would not parse).
    static int ranked(Connection conn, boolean top) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM grade");
        if (top) {
            sql.append(" WHERE score >= 90");
        } else {
            sql.append(" WHERE score < 90");
        }
        ResultSet rs = conn.createStatement().executeQuery(sql.toString());
        rs.next();
        return rs.getInt(1);
    }
}
