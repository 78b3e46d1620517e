package text;

class CharsToText {
    // A char literal in a concatenation is its text; a char variable too.
    static String quoted(String name, char mark) {
        if (name == null) {
            return "none" + '!';
        }
        return mark + name + mark;
    }

    static String initial(String name) {
        char first = name.charAt(0);
        if (first == 'x') {
            return Character.toString(first);
        }
        return String.valueOf(first) + ".";
    }

    // The box of a char: "null" when there is none.
    static String grade(Character g) {
        return "grade " + g;
    }
}
