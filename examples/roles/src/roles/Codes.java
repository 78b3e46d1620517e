package roles;

/** Checks on the codes stored in the database. */
public class Codes {
    public static boolean isBlank(String code) {
        return code == null || code.isEmpty();
    }
}
