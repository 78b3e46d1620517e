package errors;

/** The DAO's checked exception: what failed, and the SQLException behind it. */
public class DaoException extends Exception {
    public DaoException(String message) {
        super(message);
    }

    public DaoException(String message, Throwable cause) {
        super(message, cause);
    }
}
