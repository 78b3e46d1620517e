package clinic;

/** A row of `visit`. */
public class Visit {
    private final long id;
    private final int staffId;
    private final String room;

    public Visit(long id, int staffId, String room) {
        this.id = id;
        this.staffId = staffId;
        this.room = room;
    }

    public long getId() {
        return id;
    }

    public int getStaffId() {
        return staffId;
    }

    public String getRoom() {
        return room;
    }
}
