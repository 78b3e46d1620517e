package exceptions;

import java.io.IOException;

/** Exceptions whose constructors read enum constants, a checked java.io exception, var. */
public class Requests {
    /** The first row of a page; bad arguments are a BadInput with the status 400. */
    public static int offset(int page, int size) {
        if (page < 0) {
            throw new BadInput();
        }
        if (size < 1) {
            throw new BadInput("size must be positive");
        }
        var first = page * size;
        return first;
    }

    /** A caught application exception's status, negated. */
    public static int statusOf(int page, int size) {
        try {
            return offset(page, size);
        } catch (AppException e) {
            return -e.getStatus();
        }
    }

    private static int read(int length) throws IOException {
        if (length < 0) {
            throw new IOException("negative length");
        }
        return length;
    }

    /** A checked IOException of a callee, caught. */
    public static int readOrZero(int length) {
        try {
            var read = read(length);
            return read + 1;
        } catch (IOException e) {
            return 0;
        }
    }
}
