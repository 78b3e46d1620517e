package blog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/** The DataSource comes from the application's container, through the constructor. */
public class PostDao {
    private final DataSource dataSource;

    public PostDao(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public Post find(int id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("SELECT id, title, published FROM post WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new Post(rs.getInt("id"), rs.getString("title"), rs.getBoolean("published"));
            }
        }
    }

    public int publish(int id) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement ps = connection.prepareStatement("UPDATE post SET published = TRUE WHERE id = ? AND published = FALSE")) {
            ps.setInt(1, id);
            return ps.executeUpdate();
        }
    }

    /** Comments only on a published post. */
    public boolean comment(int postId, String body) throws SQLException {
        if (body == null || body.isEmpty()) {
            return false;
        }
        try (Connection connection = dataSource.getConnection()) {
            try (PreparedStatement check = connection.prepareStatement("SELECT published FROM post WHERE id = ?")) {
                check.setInt(1, postId);
                try (ResultSet rs = check.executeQuery()) {
                    if (!rs.next() || !rs.getBoolean(1)) {
                        return false;
                    }
                }
            }
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO comment (post_id, body) VALUES (?, ?)")) {
                insert.setInt(1, postId);
                insert.setString(2, body);
                return insert.executeUpdate() == 1;
            }
        }
    }
}
