package clinic;

import java.sql.Timestamp;
import java.util.Date;

class Clock {
    // A monotonic clock, which no window bounds.
    static long ticks() {
        return System.nanoTime();
    }

    // == between two dates compares references.
    static boolean same(Date a, Date b) {
        return a == b;
    }

    // A Timestamp never equals a java.util.Date of its instant: not modelled.
    static boolean equal(Timestamp a, Date b) {
        return a.equals(b);
    }

    // java.util.Date.equals: its object may be a Timestamp, whose equals differs.
    static boolean equalDates(Date a, Date b) {
        return a.equals(b);
    }

    // A date as text depends on the zone's rules and the class.
    static String text(Date a) {
        return "at " + a;
    }
}
