package cases;

class Account {
    int balance;
    Account partner;

    Account(int balance) {
        this.balance = balance;
    }

    void deposit(int amount) {
        if (amount <= 0) {
            throw new IllegalArgumentException("amount");
        }
        balance += amount;
    }

    int partnerBalance() {
        return partner.balance;
    }

    boolean sharesWith(Account other) {
        return other == partner;
    }

    static Account richer(Account a, Account b) {
        return a.balance >= b.balance ? a : b;
    }
}
