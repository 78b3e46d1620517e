package cases;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

// Maps a method builds: keys compare with equals (texts, boxed values; null equal to null
// only), and the search for a key is in the library: its outcomes are paths, not branches.
class Maps {
    static Map<Integer, Integer> tally(int a, int b) {
        Map<Integer, Integer> counts = new HashMap<>();
        counts.put(a, counts.getOrDefault(a, 0) + 1);
        counts.put(b, counts.getOrDefault(b, 0) + 1);
        return counts;
    }

    static String named(Long id) {
        Map<Long, String> names = new HashMap<>();
        names.put(1L, "one");
        names.put(2L, "two");
        String name = names.get(id);
        return name == null ? "none" : name;
    }

    static int replaced(String key) {
        Map<String, Integer> ranks = new LinkedHashMap<>();
        ranks.put("gold", 1);
        Integer old = ranks.putIfAbsent(key, 2);
        Integer removed = ranks.remove("gold");
        if (old == null) {
            return removed == null ? -1 : ranks.size();
        }
        return old;
    }

    static LinkedHashMap<String, Boolean> flags(boolean on) {
        LinkedHashMap<String, Boolean> flags = new LinkedHashMap<>();
        flags.put("b", on);
        flags.put("a", !on);
        if (flags.containsKey("c") || flags.isEmpty()) {
            flags.clear();
        }
        return flags;
    }

    static int unboxed(String key) {
        Map<String, Integer> sizes = new HashMap<>();
        sizes.put("s", 1);
        int size = sizes.get(key);
        return size;
    }
}
