import java.util.Optional;

// Optional of Strings and boxes: the factories, and the checks inside its methods as paths.
public class Optionals {

    static Optional<String> nickname(String name) {
        if (name.length() > 3) {
            return Optional.of(name.substring(0, 3));
        }
        return Optional.empty();
    }

    static Optional<Integer> parsed(Integer value) {
        return Optional.ofNullable(value);
    }

    static int lengthOr(String name, String fallback) {
        Optional<String> found = Optional.ofNullable(name);
        return found.orElse(fallback).length();
    }

    static String required(String name) {
        return Optional.ofNullable(name).orElseThrow(() -> new IllegalStateException("no name"));
    }

    static String got(String name) {
        Optional<String> found = Optional.ofNullable(name);
        if (found.isPresent()) {
            return found.get();
        }
        return found.isEmpty() ? "none" : "?";
    }

    static String strict(String name) {
        return Optional.of(name).orElseThrow();
    }

    static int sizeOr(Integer value) {
        Optional<Integer> found = value == null ? Optional.empty() : Optional.of(value + 1);
        return found.orElse(0);
    }

    static boolean compared(Optional<String> other) {
        return other.isPresent();
    }
}
