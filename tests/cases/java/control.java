public class Control {
    static int max(int a, int b) {
        if (a > b) {
            return a;
        } else {
            return b;
        }
    }

    static int sign(long x) {
        int s = 0;
        if (x < 0) s = -1;
        else if (x > 0L) s = 1;
        return s;
    }

    static boolean both(int a, int b) {
        if (a > 0 && b > 0 || !(a == b)) {
            return true;
        }
        return false;
    }

    static boolean asValue(int a, int b) {
        boolean r = a < b;
        boolean n = !r;
        return a >= b && n;
    }

    static int flag(boolean f, boolean g) {
        if (f) {
            return 1;
        }
        if (!g) {
            return 2;
        }
        return f == g ? 3 : 4;
    }

    static long ternary(int a, long b) {
        return a > 0 ? a : b;
    }

    static boolean ternaryCondition(boolean c, int a, int b) {
        if (c ? a > 0 : b > 0) {
            return true;
        }
        return false;
    }

    static int constantConditions(int x) {
        if (true) {
            x++;
        }
        if (false) {
            x = x / 0;
        }
        if (x > 0 && false) {
            x--;
        }
        return true ? x : 0;
    }

    static int sum(int n) {
        int s = 0;
        for (int i = 0, j = n; i < n; i++, j--) {
            if (i == 3) continue;
            if (j == 7) break;
            s += i;
        }
        for (int i = 0; i < 2; ++i) s++;
        return s;
    }

    static int loops(int n) {
        int count = 0;
        while (n > 0) {
            n--;
            count++;
        }
        do {
            count++;
        } while (count < 10);
        while (true) {
            if (count > 100) break;
            count *= 2;
        }
        for (;;) {
            if (count > 1000) return count;
            count += 3;
        }
    }

    static void scopes(int n) {
        {
            int a = n;
            a++;
        }
        {
            int a = n + 1;
            a--;
        }
        for (int i = 0; i < n; i++) {
        }
        for (int i = 0; i < n; i++) {
        }
    }

    static void unreachable(int n) {
        while (true) {
            return;
        }
    }

    static int guard(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative: " + n);
        }
        return n;
    }
}
