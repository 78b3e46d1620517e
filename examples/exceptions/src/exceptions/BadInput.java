package exceptions;

/** Its status comes from an enum constant held in a static final field. */
public class BadInput extends AppException {
    private static final Status STATUS = Status.BAD_REQUEST;

    public BadInput() {
        super(STATUS.getCode(), STATUS.getDescription());
    }

    public BadInput(String message) {
        super(Status.BAD_REQUEST.getCode(), message);
    }
}
