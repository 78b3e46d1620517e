package io;

import java.util.Scanner;

/** Programs that read their numbers from a Scanner: from a caller's, or from standard input. */
public class Console {

    /** Adds the numbers up to the first zero, or to the end of the input. */
    public static int sumUntilZero(Scanner in) {
        int sum = 0;
        while (in.hasNextInt()) {
            int x = in.nextInt();
            if (x == 0) {
                break;
            }
            sum += x;
        }
        return sum;
    }

    /** The larger of the two numbers on standard input. */
    public static int larger() {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt();
        int b = in.nextInt();
        return a > b ? a : b;
    }

    /** A grade from a score read on standard input; -1 when there is none. */
    public static int grade() {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextInt()) {
            return -1;
        }
        int score = in.nextInt();
        if (score < 0 || score > 100) {
            throw new IllegalArgumentException("score out of range");
        }
        if (score >= 50) {
            return 1;
        }
        return 0;
    }
}
