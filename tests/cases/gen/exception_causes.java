package shop;

import java.sql.*;

/** Caught exceptions kept in locals, their causes read back: the message, the class, null, and
 *  the SQL state and error code H2 gives the SQLException behind a wrapper. */
public class Items {
    static void add(Connection conn, int id, String name) throws StoreException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO item (id, name) VALUES (?, ?)")) {
            ps.setInt(1, id);
            ps.setString(2, name);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot add " + id, e);
        }
    }

    public static String state(Connection conn, int id, String name) {
        try {
            add(conn, id, name);
            return "added";
        } catch (StoreException e) {
            return ((SQLException) e.getCause()).getSQLState();
        }
    }

    public static int code(Connection conn, int id, String name) {
        try {
            add(conn, id, name);
            return 0;
        } catch (StoreException e) {
            Throwable cause = e.getCause();
            if (cause != null && cause instanceof SQLException) {
                return ((SQLException) cause).getErrorCode();
            }
            return -1;
        }
    }

    static int parse(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative");
        }
        return 100 / n;
    }

    static int checked(int n) {
        try {
            return parse(n);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("wrapped", e);
        } catch (ArithmeticException e) {
            throw new IllegalStateException("zero");
        }
    }

    public static String reason(int n) {
        try {
            return "ok " + checked(n);
        } catch (RuntimeException e) {
            RuntimeException caught = e;
            Throwable cause = caught.getCause();
            if (cause == null) {
                return caught.getMessage();
            }
            return "argument: " + cause.getMessage();
        }
    }

    public static String causeMessage(int n) {
        try {
            return "ok " + checked(n);
        } catch (IllegalStateException e) {
            return e.getCause().getMessage();
        }
    }
}

class StoreException extends Exception {
    StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
