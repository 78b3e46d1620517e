package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

class PlayerDao {
    // team_id is never read: one path per number of rows (0, 1, 2 at k = 2), team_id NULL and
    // no team row in the fixture.
    static List<String> names(Connection conn) throws SQLException {
        List<String> names = new ArrayList<>();
        PreparedStatement ps = conn.prepareStatement("SELECT id, name FROM player ORDER BY id");
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            names.add(rs.getInt("id") + ":" + rs.getString("name"));
        }
        return names;
    }

    // Deleting players does not look at team_id either.
    static boolean delete(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("DELETE FROM player WHERE id = ?");
        ps.setInt(1, id);
        return ps.executeUpdate() > 0;
    }

    // The code branches on team_id: a path where it is NULL (getInt gives 0) and one where it
    // names a team, which the fixture then holds.
    static boolean inTeam(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT team_id FROM player WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return false;
        }
        int team = rs.getInt("team_id");
        return !rs.wasNull();
    }

    // The join looks at team_id: a player is listed only with a team of that name.
    static int countInTeam(Connection conn, String team) throws SQLException {
        PreparedStatement ps = conn.prepareStatement(
                "SELECT p.id FROM player p JOIN team t ON p.team_id = t.id WHERE t.name = ?");
        ps.setString(1, team);
        ResultSet rs = ps.executeQuery();
        int n = 0;
        while (rs.next()) {
            n++;
        }
        return n;
    }
}
