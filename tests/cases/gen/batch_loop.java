package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

// A for-each whose body only runs JDBC calls does not change the list it walks.
class BatchLoop {
    static int insertAll(Connection c, List<Integer> ids) throws SQLException {
        int inserted = 0;
        for (int id : ids) {
            PreparedStatement ps = c.prepareStatement("INSERT INTO tag (id) VALUES (?)");
            ps.setInt(1, id);
            inserted += ps.executeUpdate();
            ps.close();
        }
        return inserted;
    }
}
