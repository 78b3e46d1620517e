package cases;

import java.util.ConcurrentModificationException;

class LimitExceeded extends Exception {
    LimitExceeded(String message) {
        super(message);
    }
}

class TryCatch {
    static int safeDiv(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    static int multi(int a, int b) {
        int r = 1;
        try {
            if (a > 10) {
                throw new LimitExceeded("big");
            }
            r = a % b;
        } catch (ArithmeticException | LimitExceeded e) {
            r = -1;
        }
        return r;
    }

    static int withFinally(int a, int b) {
        int r = 0;
        try {
            r = a / b;
        } finally {
            if (a < 0) {
                r = r + 1;
            }
        }
        return r;
    }

    static int returnInTry(int a) {
        int r = a;
        try {
            return r;
        } finally {
            r = 5;
        }
    }

    static int nested(int a, int b) {
        try {
            try {
                return a / b;
            } catch (IllegalStateException e) {
                return 1;
            }
        } catch (RuntimeException e) {
            throw e;
        }
    }

    static int breakOut(int n) {
        int i = 0;
        while (i < n) {
            try {
                if (i == 3) {
                    break;
                }
                i = i + 1;
            } finally {
                i = i + 1;
            }
        }
        return i;
    }

    static int unknownCatch(int a) {
        try {
            return a;
        } catch (ConcurrentModificationException e) {
            return 0;
        }
    }

    static int message(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return e.getMessage().length();
        }
    }

    static boolean usesException(int a, int b) {
        try {
            return a / b > 0;
        } catch (ArithmeticException e) {
            return e == null;
        }
    }

    static int unknownThrow(int a) {
        try {
            throw new ConcurrentModificationException();
        } catch (RuntimeException e) {
            return 1;
        }
    }

    static int resource(int a) {
        try (java.io.StringReader reader = new java.io.StringReader("x")) {
            return a;
        }
    }

    // No supported type is AutoCloseable yet (javac rejects these resources): the Strings stand
    // for the resource types to come, to show where resources are closed.
    static int resources(String first, int a) {
        try (String r1 = first; String r2 = "x") {
            if (a > 0) {
                return a / 2;
            }
        } catch (ArithmeticException e) {
            return -1;
        }
        return 0;
    }
}
