package clock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Date;

// The clock in Java: System.currentTimeMillis(), new Date(), LocalDate.now(), LocalDateTime.now(),
// Instant.now() compared with parameters (labelled outside the window 2020..2090 the clock is
// kept in, so a test decides the same way on any day) and returned (asserted within the window).
public class Clock {
    public static boolean expired(long deadline) {
        return System.currentTimeMillis() > deadline;
    }

    public static boolean stale(long lastSeen) {
        long age = System.currentTimeMillis() - lastSeen;
        if (age > 86400000L) {
            return true;
        }
        return false;
    }

    public static long now() {
        return System.currentTimeMillis();
    }

    public static Date stamp() {
        return new Date();
    }

    public static boolean past(Date when) {
        return when.before(new Date());
    }

    public static boolean upcoming(LocalDate day) {
        return day.isAfter(LocalDate.now());
    }

    public static LocalDateTime started() {
        return LocalDateTime.now();
    }

    public static boolean soon(Instant at) {
        return at.isBefore(Instant.now());
    }

    public static long elapsed(long start) {
        return System.currentTimeMillis() - start;
    }

    // Between two parameters: both outcomes on any day.
    public static boolean window(long a, long b) {
        long now = System.currentTimeMillis();
        return a < now && now < b;
    }

    // Paths that hold on some days only get no test (the method is incomplete): the parity of the
    // clock, an exact difference, and the text of a day.
    public static boolean even() {
        if (System.currentTimeMillis() % 2 == 0) {
            return true;
        }
        return false;
    }

    public static int exact(long t) {
        if (System.currentTimeMillis() - t == 5) {
            return 1;
        }
        return 0;
    }

    public static String label() {
        return "on " + LocalDate.now();
    }

    // Two readings, in order: the second is never before the first.
    public static boolean later(long gap) {
        long a = System.currentTimeMillis();
        long b = System.currentTimeMillis();
        if (b - a > gap) {
            return true;
        }
        return false;
    }
}
