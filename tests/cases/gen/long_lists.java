package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

// Lists of Longs: a DAO collecting ids, a sum over them, contains and indexOf (which compare
// values: no element is null), and an element returned as a Long.
class LongLists {
    static List<Long> idsFrom(Connection conn, int minAge) throws SQLException {
        List<Long> ids = new ArrayList<>();
        PreparedStatement ps = conn.prepareStatement("SELECT id FROM people WHERE age >= ? ORDER BY id");
        ps.setInt(1, minAge);
        ResultSet rs = ps.executeQuery();
        while (rs.next()) {
            ids.add(rs.getLong("id"));
        }
        return ids;
    }

    static long total(List<Long> values) {
        long sum = 0;
        for (Long value : values) {
            sum += value;
        }
        return sum;
    }

    static boolean has(List<Long> ids, long id) {
        return ids.contains(id);
    }

    static int position(List<Long> ids, int id) {
        return ids.indexOf((long) id);
    }

    static Long firstOrNull(List<Long> ids) {
        if (ids.isEmpty()) {
            return null;
        }
        return ids.get(0);
    }

    static List<Long> withOne(long id) {
        List<Long> ids = new ArrayList<>();
        ids.add(id);
        ids.add(0, 7L);
        return ids;
    }
}
