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
}
