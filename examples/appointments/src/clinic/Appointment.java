package clinic;

import java.util.Date;

/** An appointment as the application holds it. */
public class Appointment {
    private int id;
    private int patientId;
    private Date visitDay;
    private java.sql.Timestamp bookedAt;

    public Appointment(int id, int patientId, Date visitDay, java.sql.Timestamp bookedAt) {
        this.id = id;
        this.patientId = patientId;
        this.visitDay = visitDay;
        this.bookedAt = bookedAt;
    }

    public int getId() {
        return id;
    }

    public int getPatientId() {
        return patientId;
    }

    public Date getVisitDay() {
        return visitDay;
    }

    public java.sql.Timestamp getBookedAt() {
        return bookedAt;
    }

    /** Whether the visit is on or after the given day. */
    public boolean isOnOrAfter(Date day) {
        return !visitDay.before(day);
    }
}
