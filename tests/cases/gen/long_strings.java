package cases;

// Text of a known length is modelled at any length: literals, String constants (folded as javac
// folds them), their concatenation with values, and String methods on them.
class LongStrings {
    static final String GREETING = "welcome to the application";
    static final String SHOUTED = GREETING + "!";
    static final int LIMIT = 40;

    static String greet(int visits) {
        if (visits > 3) {
            return SHOUTED;
        }
        return GREETING + ", visit number " + visits;
    }

    static int labelLength(boolean full) {
        String label = full ? "time_posted_epoch_in_seconds" : "time";
        return label.length() + LIMIT;
    }

    // A string of unknown length stays within 16 characters: `column` is never found equal
    // to the 25 characters of `known` (the bound cuts that path).
    static boolean isEpochColumn(String column) {
        String known = "message_time_posted_epoch";
        return known.toUpperCase().startsWith("MESSAGE_") && known.equals(column);
    }

    static String limitText() {
        return "at most " + LIMIT + " characters in a message";
    }
}
