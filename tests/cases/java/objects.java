package shapes;

class Point {
    int x;
    int y = 1;
    Point next;
    String label;

    Point() {
        this(0);
    }

    Point(int x) {
        this.x = x;
    }

    int sum() {
        return x + this.y + next.x;
    }

    void shift(int d) {
        x += d;
        this.y++;
        next.next.x = d;
        label = "moved";
    }

    boolean same(Point other) {
        return this == other || other != null && other.x == x;
    }

    static Point origin() {
        Point p = new Point();
        p.next = null;
        return p;
    }
}
