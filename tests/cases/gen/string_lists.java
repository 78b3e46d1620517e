package cases;

import java.util.ArrayList;
import java.util.List;

// Lists of Strings: built, returned, read, and iterated with an enhanced for whose body does not
// change the list.
class StringLists {
    static List<String> pair(String a, String b) {
        List<String> names = new ArrayList<>();
        names.add(a);
        if (b != null) {
            names.add(b);
        }
        return names;
    }

    static int nonEmpty(List<String> names) {
        int count = 0;
        for (String name : names) {
            if (name != null && !name.isEmpty()) {
                count++;
            }
        }
        return count;
    }
}
