package cases;

class Switches {
    static final int BIG = 100;

    /** Groups with several labels, fall-through, default in the middle, break. */
    static int classic(int x) {
        int r = 0;
        switch (x) {
            case 1:
            case 2:
                r = 10;
                break;
            default:
                r = -1;
            case BIG:
                r += 5;
                break;
            case 'a':
                return 97;
        }
        return r;
    }

    /** No default: the end of the switch is a target of its own. */
    static int noDefault(int x) {
        int r = 7;
        switch (x) {
            case 3: r = 30; break;
            case 4: r = 40;
        }
        return r;
    }

    static int arrows(int x) {
        int r;
        switch (x) {
            case 1, 2 -> r = 1;
            case 3 -> {
                if (x > 2) {
                    r = 3;
                } else {
                    r = 4;
                }
            }
            case 4 -> throw new IllegalArgumentException("four");
            default -> r = 0;
        }
        return r;
    }

    static int expression(int x) {
        int y = switch (x) {
            case 1 -> 10;
            case 2, 3 -> 20;
            default -> {
                int z = x * 2;
                yield z + 1;
            }
        };
        return y;
    }

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

    static int countUntil(int n) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            switch (i) {
                case 0:
                    continue;
                case 2:
                    break;
                default:
                    c++;
            }
        }
        return c;
    }
}
