package shop;

import java.math.BigDecimal;
import java.math.RoundingMode;

class Decimals {
    // A price with tax, rounded half up to cents: a product of two inputs is exact.
    static BigDecimal withTax(BigDecimal price, BigDecimal rate) {
        return price.add(price.multiply(rate).setScale(2, RoundingMode.HALF_UP));
    }

    // compareTo against a literal; null-safe.
    static boolean isLarge(BigDecimal amount) {
        return amount != null && amount.compareTo(new BigDecimal("1000.00")) >= 0;
    }

    // signum, negate and a long made a BigDecimal.
    static BigDecimal atLeast(BigDecimal amount, long floor) {
        if (amount.signum() < 0) {
            return amount.negate();
        }
        return amount.max(BigDecimal.valueOf(floor));
    }

    // setScale without a rounding mode throws when it would have to round.
    static BigDecimal whole(BigDecimal amount) {
        return amount.setScale(0);
    }
}
