package clinic;

import java.sql.*;

// Dates from text: Timestamp.valueOf, java.sql.Date.valueOf and Time.valueOf of a parameter
// (valid text, a NumberFormatException, an IllegalArgumentException and null each a path),
// of known text parsed as leniently as the JDK parses it, of the same text twice; `Time` and
// `Date` known through `import java.sql.*`; the text of a Date and a Time (toString, and
// String.valueOf in a concatenation); the test class runs in UTC.
public class DateText {
    public static boolean afterNoon(String text) {
        Timestamp at = Timestamp.valueOf(text);
        return at.after(Timestamp.valueOf("1970-01-01 12:00:00"));
    }

    public static long day(String text) {
        Date day = Date.valueOf(text);
        return day.getTime();
    }

    public static int compareTimes(String a) {
        Time time = Time.valueOf(a);
        return time.compareTo(Time.valueOf("10:00:00"));
    }

    public static boolean sameTwice(String text) {
        return Timestamp.valueOf(text).equals(Timestamp.valueOf(text));
    }

    public static long lenient() {
        // The 31st of February is the 2nd of March, and 25 o'clock 1 a.m. of the next day.
        return Timestamp.valueOf(" 2020-2-31 25:00:00.5 ").getTime();
    }

    public static long notADate() {
        try {
            return Date.valueOf("2020-01-xx").getTime();
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public static String dayText(Date day) {
        return day.toString();
    }

    public static String label(Time opens) {
        return "opens " + opens;
    }
}
