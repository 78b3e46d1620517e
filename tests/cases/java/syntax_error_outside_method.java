public class Broken {
    static int ok(int x) {
        return x + 1;
    }

    int int int;
}
