package shapes;

/** Something with an area and a perimeter, in whole units. */
public interface Shape {
    int area();

    int perimeter();

    /** The number of corners. */
    int corners();
}
