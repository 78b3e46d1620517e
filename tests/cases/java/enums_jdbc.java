package bank;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

enum Kind {
    CHECKING, SAVINGS
}

class Accounts {
    // An enum stored by its name: setString of name() or toString().
    static int open(Connection conn, int id, Kind kind) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("INSERT INTO account (id, kind) VALUES (?, ?)");
        ps.setInt(1, id);
        ps.setString(2, kind.name());
        return ps.executeUpdate();
    }

    // And read back with valueOf.
    static Kind kind(Connection conn, int id) throws SQLException {
        PreparedStatement ps = conn.prepareStatement("SELECT kind FROM account WHERE id = ?");
        ps.setInt(1, id);
        ResultSet rs = ps.executeQuery();
        if (rs.next()) {
            return Kind.valueOf(rs.getString("kind"));
        }
        return null;
    }
}
