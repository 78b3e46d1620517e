package cases;

import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.slf4j.LoggerFactory;

// Logging changes nothing a test observes; Objects.requireNonNull throws on null.
class Logging {
    private static final Logger LOG = Logger.getLogger(Logging.class.getName());
    private static final org.slf4j.Logger log = LoggerFactory.getLogger(Logging.class);

    static int parsed(String text) {
        LOG.info("parsing");
        try {
            return 10 / text.length();
        } catch (ArithmeticException e) {
            LOG.log(Level.WARNING, "empty text: " + e.getMessage(), e);
            log.error("empty text {}", text, e);
            throw new IllegalArgumentException("empty: " + e.getMessage(), e);
        }
    }

    static int size(String name, int[] values) {
        Objects.requireNonNull(name, "name");
        int[] checked = Objects.requireNonNull(values);
        log.debug("size of {} is {}", name, checked.length);
        return checked.length;
    }

    static int cost(Integer amount) {
        return Objects.requireNonNull(amount) * 2;
    }
}
