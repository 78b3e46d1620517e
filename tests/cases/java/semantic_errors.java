public class Errors {
    static int lossy(long x) {
        int y = x;
        return y;
    }

    static int missingReturn(int x) {
        if (x > 0) {
            return 1;
        }
    }

    static int tooLarge() {
        return 2147483648;
    }

    static int ambiguous(int a) {
        return pick(a, a);
    }

    static int pick(int a, long b) {
        return a;
    }

    static int pick(long a, int b) {
        return b;
    }

    static int notBoolean(int x) {
        if (x) {
            return 1;
        }
        return 0;
    }

    static int breakOutside(int x) {
        break;
    }

    static int finalAssign(int x) {
        final int k = 3;
        k = x;
        return k;
    }

    static int unknownName(int x) {
        return y;
    }

    static int allReturn(int x) {
        while (x > 0) {
            x--;
        }
        if (x == 0) {
            return 0;
        } else {
            return 1;
        }
    }
}
