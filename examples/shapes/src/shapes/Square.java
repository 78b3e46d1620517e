package shapes;

/** A rectangle whose sides are equal. */
public class Square extends Rectangle {
    public Square(int side) {
        super(side, side);
    }

    public int side() {
        return width;
    }

    /** A square is never wide; asks the rectangle anyway, as a check. */
    @Override
    public boolean isWide() {
        if (super.isWide()) {
            throw new IllegalStateException("a square with unequal sides");
        }
        return false;
    }
}
