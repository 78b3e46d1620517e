package text;

/** Characters of a name as text: initials, quoting, a bean's toString. */
public class Initials {

    /** "J." for "John"; "?" for an empty or absent name. */
    public static String initial(String name) {
        if (name == null || name.isEmpty()) {
            return "?";
        }
        return String.valueOf(name.charAt(0)) + ".";
    }

    /** The character at a position, as text; a position outside the name throws. */
    public static String letterAt(String name, int position) {
        char c = name.charAt(position);
        if (c == ' ') {
            return "blank";
        }
        return Character.toString(c);
    }

    /** A bean's toString, as IDEs write it. */
    public static String describe(String email, Integer roleId) {
        return "User{" + "email='" + email + '\'' + ", roleId=" + roleId + '}';
    }
}
