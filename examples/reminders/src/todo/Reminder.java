package todo;

import java.time.LocalDate;
import java.util.Date;

/** A row of the reminder table. */
public class Reminder {
    private int id;
    private String title;
    private Date created;
    private LocalDate due;

    public int getId() { return id; }
    public void setId(int id) { this.id = id; }
    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public Date getCreated() { return created; }
    public void setCreated(Date created) { this.created = created; }
    public LocalDate getDue() { return due; }
    public void setDue(LocalDate due) { this.due = due; }
}
