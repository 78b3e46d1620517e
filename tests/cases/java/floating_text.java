package text;

import java.sql.ResultSet;
import java.sql.SQLException;

public class FloatingText {
    // Concatenation, String.valueOf and Double.toString write Java's text of a double; a
    // parameter never assigned, a literal and a ResultSet getter are never -0.0.
    static String label(double d, float f) {
        return "d=" + d + " " + String.valueOf(f) + Double.toString(1.5) + Float.toString(f);
    }

    // A product may be -0.0: its text is written with unsigned_zero false.
    static String product(double d) {
        return "p" + (d * 2) + (d + 0.5);
    }

    static String read(ResultSet rs) throws SQLException {
        return "amount " + rs.getDouble("amount");
    }

    // Printed text is never observed: the double's text is left out, its operand evaluated.
    static void print(double d) {
        System.out.println("twice " + d * 2 + " and " + (d + 1));
        System.out.println(d);
    }

    static String boxed(Double d) {
        return "b" + d;
    }
}
