package demo;

public class M {
    int id, qty;
    long total;
    boolean paid;
    java.sql.Date seen;
    Integer score;

    public M(int id, int qty, long total, boolean paid, java.sql.Date seen, Integer score) {
        this.id = id; this.qty = qty; this.total = total; this.paid = paid; this.seen = seen; this.score = score;
    }
}
