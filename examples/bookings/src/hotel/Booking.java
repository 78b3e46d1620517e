package hotel;

/** A booking as a web form hands it over: its day and times are text. */
public class Booking {
    private int id;
    private int roomId;
    private String day;
    private String createdTime;

    public Booking(int id, int roomId, String day, String createdTime) {
        this.id = id;
        this.roomId = roomId;
        this.day = day;
        this.createdTime = createdTime;
    }

    public int getId() {
        return id;
    }

    public int getRoomId() {
        return roomId;
    }

    public String getDay() {
        return day;
    }

    public String getCreatedTime() {
        return createdTime;
    }
}
