package cases;

import java.util.HashMap;
import java.util.Map;

class MapsReported {
    Map<String, Integer> cache;

    static int given(Map<String, Integer> counts) {
        return counts.size();
    }

    static int keys() {
        Map<String, Integer> counts = new HashMap<>();
        int n = 0;
        for (String key : counts.keySet()) {
            n++;
        }
        return n;
    }

    static String intKey(int id) {
        Map<Long, String> names = new HashMap<>();
        return names.get(id);
    }

    static int doubles() {
        Map<Double, Integer> byWeight = new HashMap<>();
        return byWeight.size();
    }

    static int copied() {
        Map<String, Integer> a = new HashMap<>();
        Map<String, Integer> b = new HashMap<>(a);
        return b.size();
    }

    static int merged(String k) {
        Map<String, Integer> counts = new HashMap<>();
        counts.merge(k, 1, Integer::sum);
        return counts.size();
    }

    int cached() {
        return cache.size();
    }
}
