package cases;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

// A bill's row needs a staff row for its foreign key: that row's NOT NULL ENUM column gets
// one of the enum's values (its default) in the fixture.
class EnumForeignKey {
    static int billsOf(Connection c, int hcp) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM bill WHERE hcp = ?");
        ps.setInt(1, hcp);
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }

    static int nurseBills(Connection c) throws SQLException {
        PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM bill JOIN nurse ON bill.hcp = nurse.id");
        ResultSet rs = ps.executeQuery();
        rs.next();
        return rs.getInt(1);
    }
}
