package demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

public class MDao {
    // No branch on the columns: one path per number of rows (0, 1, 2 at k = 2).
    public static List<M> all(Connection conn) throws SQLException {
        List<M> list = new ArrayList<>();
        PreparedStatement ps = conn.prepareStatement("SELECT * FROM m ORDER BY id");
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            list.add(new M(rs.getInt("id"), rs.getInt("qty"), rs.getLong("total"), rs.getBoolean("paid"),
                    rs.getDate("seen"), rs.getObject("score", Integer.class)));
        }
        return list;
    }

    // wasNull() and a comparison look at the value getInt read.
    public static int qtyOf(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT qty FROM m WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return -1;
        }
        int qty = rs.getInt(1);
        if (rs.wasNull()) {
            return -2;
        }
        return qty > 5 ? 1 : 0;
    }

    // A null test looks at the box getObject read.
    public static int scoreOf(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT score FROM m WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            return -1;
        }
        Integer score = rs.getObject(1, Integer.class);
        if (score == null) {
            return -2;
        }
        return score;
    }
}
