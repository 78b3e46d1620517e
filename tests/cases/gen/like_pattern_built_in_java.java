package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

// A LIKE pattern concatenated in Java around a text of unknown length (`"%" + no.trim() + "%"`)
// is read part by part: wildcards in the literal parts, the trimmed text as text. Read whole,
// its codes (unknown until labelling fixes the text's length) were all taken as literal text,
// and every path with a matching row died in labelling: `incomplete`, no test reading a row.
// The method is `ok`, with paths of one and two matching rows.
class LikePatternBuiltInJava {
    static List<String> courses(Connection c, String no) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT course FROM grades WHERE 1 = 1");
        List<String> params = new ArrayList<>();
        if (no != null && !no.trim().isEmpty()) {
            sql.append(" AND student_no LIKE ?");
            params.add("%" + no.trim() + "%");
        }
        List<String> courses = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < params.size(); i++) {
                ps.setString(i + 1, params.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    courses.add(rs.getString("course"));
                }
            }
        }
        return courses;
    }
}
