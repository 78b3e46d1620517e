package cases;

class Point {
    int x;
}

// Printing text, numbers and booleans is a library call with no effect; printing an object
// (its toString() may be anything) is reported.
class Printing {
    static void shown(int n, String s) {
        System.out.println(s);
        System.err.print(n);
        System.out.println();
    }

    static void show(Point p) {
        System.out.println(p);
    }

    static String block() {
        return """
            a\tb
            """;
    }
}
