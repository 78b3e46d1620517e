package exceptions;

import java.sql.SQLException;

/** A data-access exception as real DAO code declares them: an error code, a message computed
 *  from it, and constructors wrapping the JDBC failure. */
public class StoreException extends RuntimeException {
    private int code;
    private boolean retryable;

    public StoreException(int code) {
        super("failed with " + code);
        this.code = code;
    }

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message, SQLException cause, boolean retryable) {
        super(message, cause);
        this.code = -1;
        this.retryable = retryable;
    }

    public int getCode() {
        return code;
    }

    public boolean isRetryable() {
        return retryable;
    }
}
