package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

class MemberDao {
    // Reads the member's club only to copy it: the key stays open (no path split), and its
    // test has it NULL.
    static String label(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT club_id, nick FROM members WHERE member_id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        String label = null;
        if (rs.next()) {
            int club = rs.getInt("club_id");
            label = rs.getString("nick") + "@" + club;
        }
        return label;
    }

    // Every member of the clubs of a name: their club_id is not NULL, which label's composed
    // case must allow (0, 1 and 2 rows at k = 2, the two in one club or in two).
    static List<String> labelsInClub(Connection conn, String club) throws SQLException {
        List<String> labels = new ArrayList<>();
        PreparedStatement ps = conn.prepareStatement(
                "SELECT member_id FROM members NATURAL JOIN clubs WHERE club_name = ? ORDER BY member_id");
        ps.setString(1, club);
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            labels.add(label(conn, rs.getInt("member_id")));
        }
        return labels;
    }

    // The join alone: it stalled on its second row's club name before.
    static int countInClub(Connection conn, String club) throws SQLException {
        PreparedStatement ps = conn.prepareStatement(
                "SELECT m.member_id FROM members m JOIN clubs c ON m.club_id = c.club_id WHERE c.club_name = ?");
        ps.setString(1, club);
        ResultSet rs = ps.executeQuery();
        int n = 0;
        while (rs.next()) {
            n++;
        }
        return n;
    }
}
