package arith;

/** Thrown when an argument is outside the domain of a function. */
public class InvalidInputException extends RuntimeException {

    public InvalidInputException(String message) {
        super(message);
    }
}
