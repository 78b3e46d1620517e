package exceptions;

/** try / catch / finally over ints, booleans and Strings. */
public class Guarded {
    /** Catches the ArithmeticException of a division by zero. */
    public static int safeDiv(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    /** Catches by a superclass, after a branch inside the try block. */
    public static int remainderOr(int a, int b, int fallback) {
        int r = fallback;
        try {
            if (a < 0) {
                a = -a;
            }
            r = a % b;
        } catch (RuntimeException e) {
            r = -fallback;
        }
        return r;
    }

    /** A multi-catch of an exception thrown here and one raised by an operation. */
    public static int multi(int a, int b) {
        int r = 1;
        try {
            if (a > 10) {
                throw new IllegalStateException("big");
            }
            r = 100 / b;
        } catch (ArithmeticException | IllegalStateException e) {
            r = -1;
        }
        return r;
    }

    /** Throws the example's own checked exception. */
    public static int check(int amount, int limit) throws LimitExceeded {
        if (amount > limit) {
            throw new LimitExceeded("over");
        }
        return limit - amount;
    }

    /** Catches the exception a callee throws, by its superclass Exception. */
    public static boolean withinLimit(int amount, int limit) {
        try {
            check(amount, limit);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Lets the checked exception of a callee through, after a division that may fail. */
    public static int remaining(int amount, int limit, int parts) throws LimitExceeded {
        try {
            return check(amount, limit) / parts;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** Nested try statements: the inner catch does not match, the outer one does. */
    public static int nested(int a, int b) {
        try {
            try {
                return a / b;
            } catch (IllegalStateException e) {
                return 1;
            }
        } catch (ArithmeticException e) {
            return 2;
        }
    }

    /** A finally block with a branch, run on the normal way out and on an exception. */
    public static int withFinally(int a, int b) {
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

    /** A return inside a try block runs the finally block first; the value is the one before. */
    public static int returnInTry(int a) {
        int r = a;
        try {
            if (a > 0) {
                return r;
            }
            r = 7;
        } finally {
            r = r + 100;
        }
        return r;
    }

    /** A catch that rethrows the exception it caught. */
    public static int rethrow(int a, int b) {
        int r = 0;
        try {
            r = a / b;
        } catch (ArithmeticException e) {
            if (a == 0) {
                return 0;
            }
            throw e;
        }
        return r;
    }

    /** A catch that throws another exception. */
    public static int translate(int a, int b) {
        try {
            return a / b;
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("b is zero");
        }
    }

    /** try, catch and finally together, in a loop that breaks out of the try block. */
    public static int countDown(int n, int d) {
        int steps = 0;
        while (n > 0) {
            try {
                if (n == 3) {
                    break;
                }
                n = n - 10 / d;
            } catch (ArithmeticException e) {
                n = n - 1;
            } finally {
                steps = steps + 1;
            }
        }
        return steps;
    }

    /** A String built in the try block, and a fallback in the catch clause. */
    public static String label(String name, int count, int per) {
        String result = "none";
        try {
            if (name != null) {
                result = name;
            }
            int groups = count / per;
            if (groups > 1) {
                result = result + "s";
            }
        } catch (ArithmeticException e) {
            result = "?";
        }
        return result;
    }

    /** The true outcome of the branch is only taken on paths where the division fails, which
     *  leaves the try block before any coverage probe: no test may claim to cover it. */
    public static int failingBranch(int a, int b) {
        try {
            if (a > b) {
                return 10 / (a - a);
            }
            return a;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** A finally block whose branch is only taken on the way out with an exception. */
    public static int finallyOnFailure(int a, int b) {
        boolean done = false;
        try {
            int q = a / b;
            done = true;
            return q;
        } finally {
            if (!done) {
                a = 0;
            }
        }
    }

    /** A continue inside a try block runs the finally block before the next iteration. */
    public static int sumSkipping(int n, int skip) {
        int total = 0;
        int i = 0;
        while (i < n) {
            i = i + 1;
            try {
                if (i == skip) {
                    continue;
                }
                total = total + i;
            } finally {
                total = total * 2;
            }
        }
        return total;
    }

    /** A return inside nested try blocks runs both finally blocks, the inner one first. */
    public static int nestedFinally(int a) {
        int log = 0;
        try {
            try {
                if (a > 0) {
                    return a;
                }
                log = a;
            } finally {
                log = log + 10;
            }
        } finally {
            if (log > 5) {
                log = log + 100;
            }
        }
        return log;
    }

    /** Catches the NullPointerException of a String method. */
    public static int lengthOr(String s, int fallback) {
        try {
            return s.length();
        } catch (NullPointerException e) {
            return fallback;
        }
    }
}
