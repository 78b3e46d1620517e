package text;

/** String handling of the kind data-access code does before it builds a query. */
public class Greetings {

    public static String greet(String name) {
        if (name == null || name.isEmpty()) {
            return "Hello, stranger";
        }
        return "Hello, " + name;
    }

    /** Length of a code, -1 when absent. */
    public static int codeLength(String code) {
        if (code == null) {
            return -1;
        }
        return code.length();
    }

    public static boolean isAdmin(String role) {
        return "admin".equals(role);
    }

    public static int priority(String ticket) {
        if (ticket.startsWith("URG-")) {
            return 1;
        }
        if (ticket.equals("none")) {
            return 3;
        }
        return 2;
    }

    public static String initials(String first, String last) {
        if (first.length() > 3 && last.length() > 3) {
            return "long names";
        }
        return first + " " + last;
    }

    /** A label like "Ann (42)"; a negative age is left out. */
    public static String badge(String name, int age) {
        if (age < 0) {
            return name;
        }
        return name + " (" + age + ")";
    }

    public static boolean isTicketFor(String ticket, int number) {
        return ticket.equals("T-" + number);
    }

    public static String flag(long id, boolean active) {
        return String.valueOf(id) + ":" + Boolean.toString(active);
    }

    public static int digits(int n) {
        return Integer.toString(n).length();
    }

    /** The file name of a path: what follows its first slash. */
    public static String fileName(String path) {
        int slash = path.indexOf("/");
        return slash >= 0 ? path.substring(slash + 1) : path;
    }

    public static boolean isScript(String name) {
        return name.endsWith(".sql") || name.contains("--");
    }

    public static String keyword(String word) {
        return word.trim().toUpperCase();
    }

    public static boolean sameUser(String a, String b) {
        return a != null && a.equalsIgnoreCase(b);
    }

    public static String prefix(String s, int n) {
        return s.substring(0, n).toLowerCase();
    }

    /** "Ann (42)" built in a StringBuilder; an inactive user is marked. */
    public static String describe(String name, int age, boolean active) {
        StringBuilder sb = new StringBuilder();
        sb.append(name).append(" (").append(age).append(")");
        if (!active) {
            sb.append(" -");
        }
        return sb.toString();
    }

    /** Up to three stars, then how many were asked for. */
    public static String stars(int n) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < n && i < 3; i++) {
            sb.append("*");
        }
        sb.append("]").append(n);
        if (sb.length() > 6) {
            return "many";
        }
        return "" + sb;
    }

    /** A StringBuffer started from a String: null has no text to start from. */
    public static int tagLength(String tag, long id) {
        StringBuffer buffer = new StringBuffer(tag);
        buffer.append("#").append(id);
        return buffer.length();
    }
}
