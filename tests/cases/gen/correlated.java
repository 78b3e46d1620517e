package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// Correlated subqueries in WHERE, run per tuple of the query around them: each owner's pets
// are materialised for that owner's id and closed for it, so the fixture makes H2 give
// exactly the rows asserted.
class Correlated {
    static String withOldPet(Connection c, int id) throws SQLException {
        PreparedStatement ps = c.prepareStatement(
                "SELECT o.name FROM owner o WHERE o.id = ? AND EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id AND p.age > 10)");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        return rs.next() ? rs.getString(1) : null;
    }

    static int petless(Connection c) throws SQLException {
        PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM owner o WHERE NOT EXISTS (SELECT 1 FROM pet p WHERE p.owner_id = o.id)");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    static boolean manyPets(Connection c, int id, int n) throws SQLException {
        PreparedStatement ps = c.prepareStatement(
                "SELECT o.id FROM owner o WHERE o.id = ? AND (SELECT COUNT(*) FROM pet p WHERE p.owner_id = o.id) >= ?");
        ps.setInt(1, id);
        ps.setInt(2, n);
        return ps.executeQuery().next();
    }
}
