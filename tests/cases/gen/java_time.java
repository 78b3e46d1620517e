package days;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

// java.time: LocalDate, LocalDateTime and Instant as parameters and results; of (a field out of
// range throws DateTimeException, a year outside 1970..2099 abandons its path), parse of ISO text
// (unknown text: the layout, "" and null), isBefore, equals, compareTo, plusDays, getMonthValue,
// toString (a path per length of the text) and in a concatenation; the text of a Timestamp; the
// conversions to and from the java.sql dates, in UTC.
public class Days {
    public static boolean beforeNewYear(LocalDate day) {
        return day.isBefore(LocalDate.of(2021, 1, 1));
    }

    public static LocalDate nextWeek(LocalDate day) {
        return day.plusDays(7);
    }

    public static int month(LocalDate day) {
        return day.getMonthValue();
    }

    public static String label(LocalDate day) {
        return "on " + day;
    }

    public static String stamp(LocalDateTime at) {
        return at.toString();
    }

    public static String when(Instant at) {
        return at.toString();
    }

    public static String timestampText(java.sql.Timestamp at) {
        return at.toString();
    }

    public static LocalDate parsed(String text) {
        return LocalDate.parse(text);
    }

    public static LocalDateTime parsedTime(String text) {
        return LocalDateTime.parse(text);
    }

    public static int compare(LocalDate a, LocalDate b) {
        return a.compareTo(b);
    }

    public static boolean made(int year, int month, int day) {
        return LocalDate.of(year, month, day).getDayOfMonth() > 27;
    }

    public static java.sql.Date toSql(LocalDate day) {
        return java.sql.Date.valueOf(day);
    }

    public static LocalDateTime fromTimestamp(java.sql.Timestamp at) {
        return at.toLocalDateTime();
    }

    public static boolean same(Instant a, Instant b) {
        return a.equals(b);
    }

    public static long known() {
        return LocalDateTime.parse("2020-01-31T10:15:30.250").getYear() + LocalDate.parse("2024-02-29").getDayOfMonth();
    }
}
