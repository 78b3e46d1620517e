package shop;

import java.sql.SQLException;

/** Caught exceptions as values: what is lowered, and what is reported. */
public class ExceptionValues {
    static int divide(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            throw new IllegalStateException("division", e);
        }
    }

    static String kept(int a, int b) {
        try {
            return "q" + divide(a, b);
        } catch (IllegalStateException e) {
            Exception saved = e;
            Throwable cause = saved.getCause();
            if (cause != null) {
                return "cause " + e.getCause().getMessage();
            }
            return saved.getMessage();
        }
    }

    static int stateOfCause(int a) throws SQLException {
        try {
            return divide(a, a);
        } catch (IllegalStateException e) {
            return ((SQLException) e.getCause()).getErrorCode() + e.getCause().hashCode();
        }
    }

    static int rethrowCause(int a) {
        try {
            return divide(a, 0);
        } catch (IllegalStateException e) {
            Throwable cause = e.getCause();
            throw cause;
        }
    }

    static int walkCauses(int a) {
        try {
            return divide(a, 0);
        } catch (IllegalStateException e) {
            Throwable cause = e.getCause();
            cause = cause.getCause();
            return 1;
        }
    }

    static boolean castToOther(int a) {
        try {
            return divide(a, 0) > 0;
        } catch (IllegalStateException e) {
            return ((IllegalArgumentException) e.getCause()).getMessage() == null;
        }
    }

    static String escapes(int a) {
        try {
            return "q" + divide(a, 0);
        } catch (IllegalStateException e) {
            return String.valueOf(e);
        }
    }
}
