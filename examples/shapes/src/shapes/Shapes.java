package shapes;

/** Computations over shapes whose classes are known or chosen by the caller. */
public class Shapes {
    /** Which of two shapes of any class has more corners: -1, 0 or 1. */
    public static int compareCorners(Shape a, Shape b) {
        int first = a.corners();
        int second = b.corners();
        if (first == second) {
            return 0;
        }
        return first < second ? -1 : 1;
    }

    /** Whether a shape fits in a square of the given side, by its perimeter. */
    public static boolean fitsAround(Shape shape, int side) {
        return shape.perimeter() <= 4 * side;
    }

    /** The area of a square built here: the call needs no dispatch. */
    public static int squareArea(int side) {
        Shape square = new Square(side);
        return square.area();
    }

    /** Wide rectangles only: a Square's isWide is never true. */
    public static int wideArea(Rectangle r) {
        if (r.isWide()) {
            return r.area();
        }
        return 0;
    }

    /** The side of a square, -1 for other shapes. */
    public static int sideOf(Shape shape) {
        if (shape instanceof Square) {
            return ((Square) shape).side();
        }
        return -1;
    }

    /** The corners of a shape that must be a rectangle (ClassCastException otherwise). */
    public static int rectangleCorners(Shape shape) {
        Rectangle rectangle = (Rectangle) shape;
        return rectangle.corners();
    }
}
