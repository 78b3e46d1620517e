package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// Two COUNTs over a join, then a branch on one. A pet whose new owner the statement makes is
// one choice of rows, not two (the owner made for the pet's foreign key, or made first and
// pointed at): the paths are the ways the counts come out, each arrangement of rows once.
class CountedJoinRows {
    static int oldShare(Connection c, int minAge) throws SQLException {
        PreparedStatement old = c.prepareStatement(
                "SELECT COUNT(*) FROM owner o JOIN pet p ON o.id = p.owner_id WHERE o.age >= ?");
        old.setInt(1, minAge);
        ResultSet rs = old.executeQuery();
        rs.next();
        int olds = rs.getInt(1);
        PreparedStatement all = c.prepareStatement(
                "SELECT COUNT(*) FROM owner o JOIN pet p ON o.id = p.owner_id");
        ResultSet rs2 = all.executeQuery();
        rs2.next();
        int pets = rs2.getInt(1);
        if (pets == 0) {
            return -1;
        }
        return olds * 100 / pets;
    }
}
