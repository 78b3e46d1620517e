package order;

import java.time.Instant;
import java.time.LocalDateTime;

// compareTo of Instant (the sign of the seconds, else the difference of the nanoseconds) and of
// LocalDateTime (differences of the date fields, else the sign of the times of day), as the JDK
// computes them; against the clock.
public class Order {
    public static int instants(Instant a, Instant b) {
        return a.compareTo(b);
    }

    public static int times(LocalDateTime a, LocalDateTime b) {
        return a.compareTo(b);
    }

    public static String which(LocalDateTime a, LocalDateTime b) {
        int c = a.compareTo(b);
        if (c < 0) {
            return "earlier";
        } else if (c == 0) {
            return "same";
        }
        return "later";
    }

    public static boolean afterNow(Instant a) {
        return a.compareTo(Instant.now()) > 0;
    }
}
