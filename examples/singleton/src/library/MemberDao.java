package library;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;

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

    /** The member's name, or a text naming the id when there is no such member. */
    public String displayName(int id) throws SQLException {
        String name = nameOf(id);
        if (Objects.isNull(name)) {
            return "unknown member " + id;
        }
        return Objects.nonNull(name.isEmpty() ? null : name) ? name : "member " + id;
    }
}
