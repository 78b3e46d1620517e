package cases;

import java.util.ArrayList;
import java.util.List;

class Item {
    int weight;

    Item(int weight) {
        this.weight = weight;
    }
}

class Label {
    int code;

    @Override
    public boolean equals(Object other) {
        return other instanceof Label && ((Label) other).code == code;
    }
}

class Shelf {
    static boolean holds(List<Item> items, Item item) {
        return items.contains(item);
    }

    static int position(List<Label> labels, Label label) {
        return labels.indexOf(label);
    }

    static boolean drop(List<Item> items, Item item) {
        return items.remove(item);
    }

    static int total(List<Item> items) {
        int sum = 0;
        for (Item item : items) {
            sum += item.weight;
        }
        return sum;
    }

    static int copyOfInts(List<Integer> xs) {
        return new ArrayList<Item>(xs).size();
    }

    static void addInt(List<Item> items) {
        items.add(3);
    }

    static int nested(List<List<Item>> groups) {
        return groups.size();
    }

    static int fine(List<Item> items) {
        List<Item> copy = new ArrayList<>(items);
        copy.add(new Item(1));
        return copy.size();
    }
}
