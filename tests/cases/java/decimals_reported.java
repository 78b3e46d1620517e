package shop;

import java.math.BigDecimal;

class DecimalsReported {
    static boolean same(BigDecimal a, BigDecimal b) {
        return a.equals(b);
    }

    static BigDecimal half(BigDecimal a) {
        return a.divide(new BigDecimal("2"));
    }

    static boolean identical(BigDecimal a, BigDecimal b) {
        return a == b;
    }

    static BigDecimal tiny() {
        return new BigDecimal("0.00001");
    }
}
