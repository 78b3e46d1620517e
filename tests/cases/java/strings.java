package text;

class Strings {
    static String label(String name, int count) {
        String prefix = "n=" + 3 + ", ok=" + true + "\t\"q\"";
        if (name == null) {
            return prefix;
        }
        if (null != name && name.isEmpty()) {
            return "";
        }
        return prefix + name;
    }

    static boolean same(String a, String b) {
        return a.equals(b) || b.startsWith("x") && a.length() > b.length();
    }

    static boolean identical(String a, String b) {
        return a == b;
    }

    static String counted(String a, int n) {
        return a + n;
    }

    static String tooLong() {
        return "a string far longer than sixteen characters";
    }

    static int unknownMethod(String a) {
        return a.lastIndexOf("x");
    }

    static int firstIsX(String a) {
        return a.charAt(0) == 'x' ? 1 : 0;
    }

    static String built(String a) {
        StringBuilder sb = new StringBuilder();
        sb.append(a);
        return sb.toString();
    }

    static int parsed(String a) {
        return Integer.parseInt(a);
    }
}
