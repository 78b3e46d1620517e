package errors;

/** An account with this e-mail exists already. */
public class DuplicateEmailException extends DaoException {
    public DuplicateEmailException(String message, Throwable cause) {
        super(message, cause);
    }
}
