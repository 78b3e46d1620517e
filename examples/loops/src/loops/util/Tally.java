package loops.util;

import java.util.List;

/** Tallies over arrays and lists, with switches on what is counted. */
public final class Tally {
    static final int ZERO = 0;

    /** The number of days of a month (1..12) of a year that is a leap year or not. */
    public static int daysIn(int month, boolean leap) {
        switch (month) {
            case 2:
                return leap ? 29 : 28;
            case 4:
            case 6:
            case 9:
            case 11:
                return 30;
            case 1:
            case 3:
            case 5:
            case 7:
            case 8:
            case 10:
            case 12:
                return 31;
            default:
                throw new IllegalArgumentException("no such month");
        }
    }

    /** Points of the digits of xs: 0 scores 5, 1 and 7 score 2, a negative digit stops. */
    public static int points(int[] xs) {
        int total = 0;
        for (int x : xs) {
            switch (x) {
                case ZERO:
                    total += 5;
                    break;
                case 1:
                case 7:
                    total += 2;
                    break;
                default:
                    if (x < 0) {
                        return total;
                    }
            }
        }
        return total;
    }

    /** The value of a Roman digit, 0 for any other text. */
    public static int roman(String digit) {
        int value = 0;
        switch (digit) {
            case "I":
                value = 1;
                break;
            case "V":
                value = 5;
                break;
            case "X":
                value = 10;
        }
        return value;
    }

    /** How many elements of xs are even, stopping at the first one larger than limit. */
    public static int evensUpTo(List<Integer> xs, int limit) {
        int evens = 0;
        for (Integer x : xs) {
            if (x > limit) {
                break;
            }
            if (x % 2 == 0) {
                evens++;
            }
        }
        return evens;
    }

    /** The sum of the elements that are not 'q' (as a char code), skipping those that are. */
    public static long sumSkippingQ(int[] codes) {
        long sum = 0;
        for (int c : codes) {
            switch (c) {
                case 'q':
                    continue;
                default:
                    sum += c;
            }
        }
        return sum;
    }
}
