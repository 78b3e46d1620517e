package cases;

class NegativeException extends RuntimeException {
    NegativeException(String message) {
        super(message);
    }
}

class Exceptions {
    static int checkedHalf(int x) {
        if (x < 0) {
            throw new NegativeException("negative: " + x);
        }
        return x / 2;
    }

    static int ratio(int a, int b) {
        return checkedHalf(a) / b;
    }
}
