package text;

public class FloatingText {
    // Java's text of a double (plain decimals below 10^7; "N.0" for an integer) and of a
    // float; a literal, a parameter never assigned and a sum of them are never -0.0.
    static String label(double d, float f) {
        if (d > 2.0) {
            return "big " + d + " " + String.valueOf(f);
        }
        return Double.toString(d + 0.5) + "/" + Float.toString(f) + "/" + 3.0;
    }

    // A product may be -0.0, which the model keeps as 0.0: a zero's text is not written
    // (that path is abandoned, the method incomplete); 10^7 and more are written 1.0E7.
    static String product(double d) {
        return "p" + (d * 1024.0);
    }

    // Printed text is never observed: no path needs the double's text.
    static void print(double d) {
        System.out.println("twice " + d * 2);
        System.out.println(d * 3);
    }

    static String boxed(Double d) {
        return "b" + d;
    }
}
