package cases;

import java.util.ArrayList;

// Lists declared ArrayList in signatures: a result, a parameter, and a constructor's parameter
// (the tests build their input lists as ArrayLists; the report's descriptors say ArrayList).
class ArrayListSignatures {
    static ArrayList<String> pair(String a, String b) {
        ArrayList<String> names = new ArrayList<>();
        names.add(a);
        if (b != null) {
            names.add(b);
        }
        return names;
    }

    static int first(ArrayList<Integer> values) {
        if (values.isEmpty()) {
            return -1;
        }
        return values.get(0);
    }
}

class Basket {
    private final ArrayList<String> items;

    Basket(ArrayList<String> items) {
        this.items = items;
    }

    int count() {
        return items.size();
    }
}
