package blog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Posts of a PostgreSQL-backed blog; SQL as its authors wrote it for PostgreSQL. */
public class PostDao {

    /** Adds a like to a post; false when there is no such post. */
    public static boolean like(Connection conn, long postId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE post SET likes = likes + 1 WHERE id = ?")) {
            ps.setLong(1, postId);
            return ps.executeUpdate() == 1;
        }
    }

    /** Takes a like back; -1 when the CHECK on likes refuses it. */
    public static int unlike(Connection conn, long postId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE post SET likes = likes - 1 WHERE id = ?")) {
            ps.setLong(1, postId);
            return ps.executeUpdate();
        } catch (SQLException e) {
            return -1;
        }
    }

    /** Writes a post for an author; false when the author does not exist. */
    public static boolean write(Connection conn, int authorId, String title) throws SQLException {
        if (title == null || title.isEmpty()) {
            throw new IllegalArgumentException("a post needs a title");
        }
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO post (author_id, title) VALUES (?, ?)")) {
            ps.setInt(1, authorId);
            ps.setString(2, title);
            ps.executeUpdate();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    /** The handle of the author with the most likes on one post, or null when there are no posts. */
    public static String mostLiked(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT a.handle FROM post p JOIN author a ON a.id = p.author_id WHERE a.active ORDER BY p.likes DESC, p.id LIMIT 1")) {
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    return rs.getString(1);
                }
                return null;
            }
        }
    }

    /** Deactivates an author; how many of their posts stay visible (none: they are hidden too). */
    public static int deactivate(Connection conn, int authorId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("UPDATE author SET active = false WHERE id = ? AND active")) {
            ps.setInt(1, authorId);
            return ps.executeUpdate();
        }
    }

    /** The newest published post (its publication time defaults to the clock), -1 without one. */
    public static long newestPost(Connection conn) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT id FROM post WHERE published_at IS NOT NULL ORDER BY published_at DESC, id")) {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : -1;
            }
        }
    }
}
