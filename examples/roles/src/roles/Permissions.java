package roles;

/** Decisions on roles: a switch, comparisons and the order of the constants. */
public class Permissions {
    public static int quota(Role role) {
        switch (role) {
            case ADMIN:
                return 100;
            case EDITOR:
                return 10;
            default:
                return 1;
        }
    }

    public static String title(Role role) {
        String title;
        switch (role) {
            case ADMIN:
            case EDITOR:
                title = "staff";
                break;
            case VIEWER:
                title = "guest";
                break;
            default:
                title = "unknown";
        }
        return title;
    }

    public static boolean outranks(Role a, Role b) {
        return a.compareTo(b) < 0;
    }

    public static Role higher(Role a, Role b) {
        if (a == null) {
            return b;
        }
        if (b == null || a.ordinal() <= b.ordinal()) {
            return a;
        }
        return b;
    }

    public static Role parseOrViewer(String text) {
        if (text == null || text.isEmpty()) {
            return Role.VIEWER;
        }
        return Role.valueOf(text.toUpperCase());
    }

    public static boolean sameRole(Member member, Role role) {
        return member.getRole().equals(role);
    }

    /** The quota of a role that may be unknown. */
    public static int quotaOf(Role role) {
        return role == null ? 0 : quota(role);
    }

    public static int unknownQuota() {
        return quotaOf(null);
    }

    public static Role roleOf(boolean editor) {
        return editor ? Role.EDITOR : null;
    }
}
