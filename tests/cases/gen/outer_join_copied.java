package school;

import java.sql.*;
import java.util.ArrayList;
import java.util.List;

// A LEFT JOIN on the joined table's key (no foreign key): whether a grade has its student's row
// or NULLs is a path only where the code looks at the joined value, not where it copies it.
public class Grades {
    // Copies the joined name into the list: one path per number of rows (0, 1, 2 at k = 2).
    public static List<String> names(Connection connection) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT g.id, s.name AS student_name FROM grade g LEFT JOIN student s ON g.sno = s.sno ORDER BY g.id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString("student_name"));
                }
            }
        }
        return names;
    }

    // Counts the grades without a student: the null test makes a path each way per row.
    public static int orphans(Connection connection) throws SQLException {
        int orphans = 0;
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT s.name FROM grade g LEFT JOIN student s ON g.sno = s.sno ORDER BY g.id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1) == null) {
                        orphans++;
                    }
                }
            }
        }
        return orphans;
    }
}
