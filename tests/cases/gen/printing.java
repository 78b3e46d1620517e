package cases;

// Printing changes nothing a test observes; a text block is a string like any other.
class Printing {
    static int checked(int amount) {
        System.out.println("checking");
        System.out.print(amount);
        System.err.println(amount > 100);
        System.out.println();
        if (amount < 0) {
            System.err.println("negative: " + amount);
            return 0;
        }
        return amount;
    }

    static int parsed(String text) {
        try {
            return 10 / text.length();
        } catch (ArithmeticException e) {
            e.printStackTrace();
            return -1;
        }
    }

    static boolean isGreeting(String s) {
        String greeting = """
            hello\s
              you""";
        return greeting.equals(s);
    }
}
