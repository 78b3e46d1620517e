package library;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Members, over the one shared connection of DBUtil, which it never closes. */
public class MemberDao {

    public String nameOf(int id) throws SQLException {
        try (PreparedStatement stmt = DBUtil.getConnection().prepareStatement("SELECT name FROM member WHERE id = ?")) {
            stmt.setInt(1, id);
            try (ResultSet rs = stmt.executeQuery()) {
                return rs.next() ? rs.getString("name") : null;
            }
        }
    }

    public boolean borrow(int id) throws SQLException {
        try (PreparedStatement stmt = DBUtil.getConnection().prepareStatement(
                "UPDATE member SET loans = loans + 1 WHERE id = ? AND loans < 3")) {
            stmt.setInt(1, id);
            return stmt.executeUpdate() == 1;
        }
    }
}
