package cases;

import java.util.Objects;

// A service whose constructor makes its collaborator and checks its label: its tests build it
// with `new Counter(...)`, and no test starts with a null tally or label.
class Counter {
    private final Tally tally;
    private final String label;

    Counter(String label) {
        this.tally = new Tally(0);
        this.label = Objects.requireNonNull(label);
    }

    int bump(int n) {
        if (n < 0) {
            return -1;
        }
        return tally.add(n);
    }

    int labelLength() {
        return label.length();
    }
}

class Tally {
    private int count;

    Tally(int start) {
        this.count = start;
    }

    int add(int n) {
        count = count + n;
        return count;
    }
}

// A bean: a no-argument constructor and setters. A null tally is a state a setter (or nothing)
// gives, so its test stays.
class Bean {
    private String name;
    private Tally tally;

    Bean() {
    }

    void setName(String name) {
        this.name = name;
    }

    void setTally(Tally tally) {
        this.tally = tally;
    }

    int nameLength() {
        if (name == null) {
            return 0;
        }
        return name.length();
    }

    int tallied(int n) {
        return tally.add(n);
    }
}
