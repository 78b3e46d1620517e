package setup;

public class Uses {
    public static String flagOf(Mode mode) {
        return mode.getFlag();
    }
}
