package web;

enum Code {
    BAD(400, "Bad Request"),
    MISSING(404, "Not Found");

    private final int number;
    private final String reason;

    Code(int number, String reason) {
        this.number = number;
        this.reason = reason;
    }

    int getNumber() {
        return number;
    }

    String getReason() {
        return reason;
    }
}

class WebException extends RuntimeException {
    private final int status;

    WebException(int status, String message) {
        super(message);
        this.status = status;
    }

    int getStatus() {
        return status;
    }
}

// The constructors pass on what enum constants' getters give, through a static final field.
class NotFound extends WebException {
    private static final Code CODE = Code.MISSING;

    NotFound() {
        super(CODE.getNumber(), CODE.getReason());
    }

    NotFound(String what) {
        super(Code.MISSING.getNumber(), what + " " + Code.MISSING.name());
    }
}

class Lookup {
    static int find(int id) {
        if (id < 0) {
            throw new NotFound();
        }
        if (id == 0) {
            throw new NotFound("id");
        }
        return id;
    }
}
