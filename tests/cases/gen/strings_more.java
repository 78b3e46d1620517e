package cases;

class StringsMore {
    static int ticket(String t, int n) {
        if (t.equals("T-" + n)) {
            return 1;
        }
        return 0;
    }

    static String signed(int n) {
        String s = "";
        s += n;
        return s + "|" + String.valueOf(n < 0);
    }

    static boolean shortNumber(long id) {
        return Long.toString(id).length() < 3;
    }

    static int find(String s, String p) {
        int i = s.indexOf(p);
        if (i >= 0) {
            return i;
        }
        return -1;
    }

    static boolean ends(String s) {
        return s.endsWith(".sql");
    }

    static boolean has(String s) {
        return s.contains("ab");
    }

    static boolean sameName(String a, String b) {
        return a.equalsIgnoreCase(b);
    }

    static int order(String a, String b) {
        int c = a.compareTo(b);
        if (c < 0) {
            return -1;
        }
        return c == 0 ? 0 : 1;
    }

    static String shout(String s) {
        return s.toUpperCase() + s.toLowerCase();
    }

    static String clean(String s) {
        String t = s.trim();
        if (t.isEmpty()) {
            return "blank";
        }
        return "[" + t + "]";
    }

    static String tail(String s, int b) {
        return s.substring(b);
    }

    static String part(String s, int b, int e) {
        if (s.substring(b, e).equals("ab")) {
            return "yes";
        }
        return "no";
    }
}
