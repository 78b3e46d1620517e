package text;

public class FloatingTextUnsupported {
    // Java calls String.valueOf(Object) for a box.
    static String boxed(Double d) {
        return String.valueOf(d);
    }
}
