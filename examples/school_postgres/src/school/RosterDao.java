package school;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Teams and players, joined on their same-named key columns. */
public class RosterDao {

    private static final String PLAYERS_OF_TEAM =
            "select player_id, team_name from player natural join team where team.team_id = ? order by player_id;";

    /** The ids of the players of a team, in order (a NATURAL JOIN on team_id). */
    public static List<Integer> playersOfTeam(Connection connection, int teamId) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(PLAYERS_OF_TEAM)) {
            statement.setInt(1, teamId);
            try (ResultSet result = statement.executeQuery()) {
                while (result.next()) {
                    ids.add(result.getInt("player_id"));
                }
            }
        }
        return ids;
    }

    /** The points a player scored in all, or -1 for no such player (JOIN ... USING). */
    public static int pointsOf(Connection connection, int playerId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT COUNT(*), SUM(points) FROM player p JOIN score s USING (player_id) WHERE p.player_id = ?")) {
            statement.setInt(1, playerId);
            try (ResultSet result = statement.executeQuery()) {
                result.next();
                if (result.getInt(1) == 0) {
                    return -1;
                }
                return result.getInt(2);
            }
        }
    }

    /** The name of a player's team, "none" for a player without one, null for no such player. */
    public static String teamOf(Connection connection, int playerId) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT * FROM player LEFT JOIN team USING (team_id) WHERE player_id = ?")) {
            statement.setInt(1, playerId);
            try (ResultSet result = statement.executeQuery()) {
                if (!result.next()) {
                    return null;
                }
                String team = result.getString(4);
                return team == null ? "none" : team;
            }
        }
    }
}
