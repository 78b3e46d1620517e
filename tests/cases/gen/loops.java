package cases;

class Loops {
    /** Sum of 1..n; paths with at most k iterations. */
    static int triangle(int n) {
        int sum = 0;
        for (int i = 1; i <= n; i++) {
            sum += i;
        }
        return sum;
    }

    static int firstMultiple(int start, int m) {
        int x = start;
        do {
            if (x % m == 0) {
                break;
            }
            x++;
        } while (x < start + 2);
        return x;
    }
}
