package cases;

class Switches {
    static String words(String s) {
        switch (s) {
            case "one":
                return "1";
            case "two":
            case "deux":
                return "2";
            default:
                return "?";
        }
    }

    static int expression(int x) {
        return switch (x) {
            case 1 -> 10;
            case 'b' -> 20;
            default -> {
                yield x + 1;
            }
        };
    }

    static int sameTarget(int x) {
        switch (x) {
            case 1:
            default:
                x++;
        }
        return x;
    }

    static int sum(int[] xs) {
        int s = 0;
        for (int x : xs) {
            s += x;
        }
        return s;
    }

    static int maxTwice(java.util.List<Integer> xs) {
        int m = 0;
        for (Integer x : xs) {
            m = Math.max(m, twice(x));
        }
        return m;
    }

    static int twice(int x) {
        return 2 * x;
    }
}
