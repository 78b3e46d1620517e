package hotel;

import java.time.LocalDate;
import java.time.LocalDateTime;

/** A booking as the application keeps it: its day and when it was made, as java.time values. */
public class Stay {
    private int id;
    private int roomId;
    private LocalDate day;
    private LocalDateTime created;

    public Stay(int id, int roomId, LocalDate day, LocalDateTime created) {
        this.id = id;
        this.roomId = roomId;
        this.day = day;
        this.created = created;
    }

    public int getId() {
        return id;
    }

    public int getRoomId() {
        return roomId;
    }

    public LocalDate getDay() {
        return day;
    }

    public LocalDateTime getCreated() {
        return created;
    }
}
