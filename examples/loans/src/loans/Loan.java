package loans;

/** A loan as the application's beans have it: the amount a Double, the rate a double. */
public class Loan {
    private Double amount;
    private double rate;
    private int term;

    public Loan(Double amount, double rate, int term) {
        this.amount = amount;
        this.rate = rate;
        this.term = term;
    }

    public Double getAmount() {
        return amount;
    }

    public void setAmount(Double amount) {
        this.amount = amount;
    }

    public double getRate() {
        return rate;
    }

    public int getTerm() {
        return term;
    }
}
