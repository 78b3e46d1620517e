import java.sql.Connection;
import java.sql.SQLException;
import vendor.AuditLog;
import vendor.Limits;

/** Calls of vendor methods without source, whose summaries read and write the database. */
public class VendorSql {
    /** Whether a member may spend the amount: a refusal is audited. */
    public static boolean allowed(Connection conn, int member, int amount) throws SQLException {
        if (amount > Limits.limitOf(conn, member)) {
            AuditLog.record(conn, member, "refused");
            return false;
        }
        return true;
    }
}
