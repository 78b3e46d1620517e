package clinic;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

class Today {
    // The clock of another zone than the default one.
    static LocalDate today() {
        return LocalDate.now(java.time.ZoneId.of("Europe/Paris"));
    }

    // Instant.parse: not modelled.
    static Instant parsed(String text) {
        return Instant.parse(text);
    }

    // A java.time value is no java.util.Date.
    static boolean before(LocalDate a, java.sql.Date b) {
        return a.isBefore(b.toLocalDate()) && a.equals(b);
    }

    // Other methods of java.time.
    static Instant later(Instant a) {
        return a.plusSeconds(1);
    }
}
