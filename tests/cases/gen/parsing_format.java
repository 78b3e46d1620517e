package cases;

// Integer.parseInt and Long.parseLong (NumberFormatException for null and for text that is no
// number), and String.format with %s, %d and %%, lowered as the concatenation it computes.
class ParsingFormat {
    static int parse(String text) {
        int n = Integer.parseInt(text);
        if (n > 100) {
            return 100;
        }
        return n;
    }

    static long parseKnown() {
        return Long.parseLong("-0042") + Integer.parseInt("+7");
    }

    static boolean parsesBadConstant() {
        try {
            Integer.parseInt("12a");
            return false;
        } catch (NumberFormatException e) {
            return true;
        }
    }

    static String describe(String name, int count, Long id) {
        return String.format("%s has %d items (id %d, 100%%)", name, count, id);
    }
}
