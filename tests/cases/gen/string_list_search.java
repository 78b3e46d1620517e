package cases;

import java.util.ArrayList;
import java.util.List;

// contains, indexOf and remove(Object) on lists of Strings compare with equals: by text, null
// equal to null only. (A String of unknown length against each element of an input list is
// costly: the literals keep this case quick.)
class StringListSearch {
    static boolean isAdmin(List<String> roles) {
        return roles.contains("admin");
    }

    static int rank(String medal) {
        List<String> medals = new ArrayList<>();
        medals.add("gold");
        medals.add("silver");
        return medals.indexOf(medal) + 1;
    }

    static int dropGuest(List<String> names) {
        if (names.remove("guest")) {
            return names.size();
        }
        return -1;
    }

    static List<String> tagsWithout(String tag) {
        List<String> tags = new ArrayList<>();
        tags.add("new");
        tags.add("sale");
        tags.remove(tag);
        return tags;
    }
}
