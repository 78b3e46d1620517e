package cases;

class Overdrawn extends Exception {
    Overdrawn(String message) {
        super(message);
    }
}

class TryCatch {
    static int withdraw(int balance, int amount) throws Overdrawn {
        if (amount > balance) {
            throw new Overdrawn("over");
        }
        return balance - amount;
    }

    static int safeWithdraw(int balance, int amount, int parts) {
        try {
            return withdraw(balance, amount) / parts;
        } catch (Overdrawn | ArithmeticException e) {
            return -1;
        }
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

    static int rethrow(int a, int b) {
        try {
            return a % b;
        } catch (RuntimeException e) {
            if (a == 0) {
                return 0;
            }
            throw e;
        }
    }
}
