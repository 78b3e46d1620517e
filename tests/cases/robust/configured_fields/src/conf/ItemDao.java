package conf;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** DAO methods over both sources of connections. */
public class ItemDao {
    private final Db db;

    public ItemDao(Db db) {
        this.db = db;
    }

    public String name(int id) throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT name FROM item WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    public int count() throws SQLException {
        try (Connection c = Pool.open();
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM item");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    public static boolean isMysql() {
        String url = Pool.url;
        return url.startsWith("jdbc:mysql:");
    }
}
