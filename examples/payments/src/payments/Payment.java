package payments;

/** A payment as the application shows it: the amount is a double. */
public class Payment {
    private final int id;
    private final double amount;

    public Payment(int id, double amount) {
        this.id = id;
        this.amount = amount;
    }

    public int getId() {
        return id;
    }

    public double getAmount() {
        return amount;
    }
}
