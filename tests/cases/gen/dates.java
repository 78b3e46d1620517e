package clinic;

import java.sql.Timestamp;
import java.util.Date;

class Dates {
    // The later of two dates; null only when both are.
    static Date later(Date a, Date b) {
        if (a == null) {
            return b;
        }
        if (b == null || a.after(b)) {
            return a;
        }
        return b;
    }

    // A day's start, from a timestamp's milliseconds.
    static java.sql.Date dayOf(Timestamp t) {
        long millis = t.getTime();
        return new java.sql.Date(millis - millis % 86400000L);
    }

    // compareTo, and a date made from a long.
    static int compare(java.sql.Date a, long millis) {
        return a.compareTo(new Timestamp(millis));
    }
}
