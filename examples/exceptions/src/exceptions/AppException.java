package exceptions;

/** An application's exception carrying a status code and a message of its own. */
public class AppException extends RuntimeException {
    private final int status;
    private final String message;

    public AppException(Integer status, String message) {
        super(message);
        this.status = status;
        this.message = message;
    }

    public int getStatus() {
        return status;
    }

    @Override
    public String getMessage() {
        return message;
    }
}
