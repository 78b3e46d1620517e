package cases;

/** A helper that tests `trim().equals("")`, then the caller's own `trim().toLowerCase()` of the
 *  same text against literals (as a DAO maps a column to an enum): composing the helper's
 *  summary must give every path executing it inline gives, the text blank in both or in neither. */
public class TrimAfterHelper {
    static boolean hasContent(String string) {
        if (string == null || string.trim().equals("")) {
            return false;
        }
        return true;
    }

    public static int kind(String name) {
        if (hasContent(name) && name.trim().toLowerCase().equals("male")) {
            return 1;
        } else if (hasContent(name) && name.trim().toLowerCase().equals("female")) {
            return 2;
        }
        return 0;
    }
}
