package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// `SELECT 1` gives equal rows: the cursor of a result set moves by position, not by finding
// its row again by value (which made next() return the second of two equal rows forever: the
// two-row path was cut by the bound, or with foreign keys to materialise, exhausted the
// search budget). The method is `ok`, with paths of two rows.
class SelectConstantRows {
    static boolean subscribed(Connection c, int studentId, int courseId) throws SQLException {
        boolean subscribed = false;
        PreparedStatement ps = c.prepareStatement(
                "select 1 from students_courses where student_id = ? and course_id = ?");
        ps.setInt(1, studentId);
        ps.setInt(2, courseId);
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            if (rs.getInt(1) == 1) {
                subscribed = true;
            }
        }
        return subscribed;
    }
}
