package loans;

/** Loan arithmetic in doubles: sums, products and comparisons, as the JVM computes them. */
public class LoanCalculator {

    /** The interest of one period, or 0 for a loan without an amount. */
    public static double interest(Loan loan) {
        Double amount = loan.getAmount();
        if (amount == null) {
            return 0.0;
        }
        return amount * loan.getRate();
    }

    /** Whole units of the amount paid back over the term, capped at a limit. */
    public static int repaid(double installment, int term, int limit) {
        double total = installment * term;
        if (total > limit) {
            return limit;
        }
        return (int) total;
    }

    /** A category by size. */
    public static String category(double amount) {
        if (amount < 0.0) {
            return "invalid";
        } else if (amount >= 1000.5) {
            return "large";
        }
        return "small";
    }

    /** The amount raised by a fee, as a float. */
    public static float withFee(float amount, float fee) {
        float total = amount + fee;
        return total > 100.0f ? 100.0f : total;
    }

    /** A rate as text: String.valueOf and Double.toString write what concatenation writes. */
    public static String rateText(double rate, float fee) {
        if (rate > 1.0) {
            return "rate " + String.valueOf(rate) + " above 1";
        }
        return Double.toString(rate) + "/" + Float.toString(fee) + " fee " + fee;
    }
}
