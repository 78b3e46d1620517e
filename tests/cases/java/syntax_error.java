public class Broken {
    static int ok(int x) {
        return x + 1;
    }

    static int missingSemicolon(int x) {
        int y = x + 1
        return y;
    }

    static int garbage(int x) {
        return x + * 2;
    }

    static int callsBroken(int x) {
        return garbage(x);
    }
}
