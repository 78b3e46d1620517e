package cases;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

class Maps {
    static Map<String, Integer> tally(String a, String b) {
        Map<String, Integer> counts = new HashMap<>();
        counts.put(a, counts.getOrDefault(a, 0) + 1);
        counts.put(b, counts.getOrDefault(b, 0) + 1);
        return counts;
    }

    static String named(long id) {
        HashMap<Long, String> names = new HashMap<Long, String>();
        names.put(7L, "seven");
        String old = names.putIfAbsent(id, "other");
        if (names.containsKey(8L)) {
            return old;
        }
        return names.get(id);
    }

    static int cleared(Integer key) {
        Map<Integer, Boolean> seen = new LinkedHashMap<>();
        seen.put(key, true);
        Boolean removed = seen.remove(3);
        int size = seen.size();
        seen.clear();
        return seen.isEmpty() && removed == null ? size : -1;
    }

    static LinkedHashMap<String, Long> ordered() {
        LinkedHashMap<String, Long> totals = new LinkedHashMap<>();
        totals.put("b", 2L);
        totals.put("a", 1L);
        return totals;
    }
}
