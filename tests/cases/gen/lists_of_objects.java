package cases;

import java.util.ArrayList;
import java.util.List;

class Point {
    int x;

    Point(int x) {
        this.x = x;
    }
}

class Points {
    static List<Point> upTo(int n) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < n && i < 2; i++) {
            points.add(new Point(i));
        }
        return points;
    }

    static Point first(List<Point> points) {
        if (points.isEmpty()) {
            return null;
        }
        return points.get(0);
    }

    static Point replaceFirst(List<Point> points, Point p) {
        return points.set(0, p);
    }

    static void keepFirst(List<Point> points) {
        while (points.size() > 1) {
            points.remove(points.size() - 1);
        }
    }

    static List<Point> withNull(List<Point> points) {
        List<Point> copy = new ArrayList<>(points);
        copy.add(0, null);
        return copy;
    }
}
