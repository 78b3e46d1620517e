package exceptions;

/** A checked exception of the example's own. */
public class LimitExceeded extends Exception {
    public LimitExceeded(String message) {
        super(message);
    }
}
