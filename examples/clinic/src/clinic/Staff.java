package clinic;

/** A row of `staff`. */
public class Staff {
    private final int id;
    private final String name;

    public Staff(int id, String name) {
        this.id = id;
        this.name = name;
    }

    public int getId() {
        return id;
    }

    public String getName() {
        return name;
    }
}
