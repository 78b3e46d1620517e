package shapes;

/** An axis-parallel rectangle. */
public class Rectangle implements Shape {
    protected int width;
    protected int height;

    public Rectangle(int width, int height) {
        if (width < 0 || height < 0) {
            throw new IllegalArgumentException("negative side");
        }
        this.width = width;
        this.height = height;
    }

    public int area() {
        return width * height;
    }

    public int perimeter() {
        return 2 * (width + height);
    }

    public int corners() {
        return 4;
    }

    public boolean isWide() {
        return width > height;
    }
}
