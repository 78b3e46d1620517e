package demo;

import java.sql.SQLException;

// Exception classes of the sources get tests of their own: each constructor a test can call
// with chosen arguments is built and checked (class, message, cause, fields' getters).

// As found in real code (excmethods): a message constructor and a getter of a field never set.
class AppException extends Exception {
    private int code;

    public AppException(String message) {
        super(message);
    }

    public int getCode() {
        return code;
    }
}

// A DAO's exception: a message computed from an error code beside (String) and
// (String, Throwable) constructors, which overload resolution tells apart by type.
class DBException extends RuntimeException {
    private int code;

    DBException(int code) {
        super("failed with " + code);
        this.code = code;
    }

    DBException(String message) {
        super(message);
    }

    DBException(String message, Throwable cause) {
        super(message, cause);
    }

    // The JDBC failure as the cause, a negative code stored.
    DBException(String message, SQLException cause, long code) {
        this(message, cause);
        this.code = -1;
    }

    int getCode() {
        return code;
    }
}

// Constructors a test cannot call as they are: still modelled where they are thrown.
class Refused extends RuntimeException {
    private final int status;

    Refused(Integer status) {
        super("refused");
        this.status = status;
    }

    private Refused() {
        super("refused");
        this.status = 0;
    }

    int getStatus() {
        return status;
    }
}

class Store {
    static int write(int rows) {
        if (rows < 0) {
            throw new DBException(rows);
        }
        if (rows == 0) {
            throw new DBException("nothing written");
        }
        return rows;
    }

    // The code of a failed write, read back through the caught exception's getter.
    static int code(int rows) {
        try {
            return write(rows);
        } catch (DBException e) {
            return e.getCode();
        }
    }
}
