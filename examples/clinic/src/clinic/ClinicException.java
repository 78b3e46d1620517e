package clinic;

/** What the data access layer throws: the JDBC failure, wrapped. */
public class ClinicException extends Exception {
    public ClinicException(String message, Throwable cause) {
        super(message, cause);
    }
}
