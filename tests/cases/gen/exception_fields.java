package shop;

class OutOfStock extends RuntimeException {
    private final String sku;
    private final int missing;
    private final boolean retry;

    OutOfStock(String sku, int missing) {
        super("out of stock: " + sku);
        this.sku = sku;
        this.missing = missing;
        this.retry = true;
    }

    String getSku() {
        return sku;
    }

    int getMissing() {
        return this.missing;
    }

    boolean isRetry() {
        return retry;
    }
}

class Orders {
    // The exception carries the fields its constructor stored; the test checks its getters.
    static int take(String sku, int stock, int wanted) {
        if (wanted > stock) {
            throw new OutOfStock(sku, wanted - stock);
        }
        return stock - wanted;
    }

    // A caught exception's getter gives the field; instanceof tells its class.
    static int shortfall(String sku, int stock, int wanted) {
        try {
            return take(sku, stock, wanted);
        } catch (RuntimeException e) {
            if (e instanceof OutOfStock) {
                return -1;
            }
            return -2;
        }
    }

    static int missing(String sku, int stock, int wanted) {
        try {
            take(sku, stock, wanted);
            return 0;
        } catch (OutOfStock e) {
            return e.getMissing();
        }
    }

    // The cause of a wrapped exception, tested with instanceof.
    static String wrapped(String sku, int stock) {
        try {
            try {
                take(sku, stock, 1);
                return "ok";
            } catch (OutOfStock e) {
                throw new IllegalStateException("wrapped", e);
            }
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof OutOfStock) {
                return "out";
            }
            return "other";
        }
    }
}
