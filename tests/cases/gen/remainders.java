package cases;

// Remainders of one value by constants dividing one another: `year % 400 == 0` after
// `year % 4 != 0` is infeasible, which clpz alone found only by searching the values of year
// (the solving budget ran out). Every method is `ok`.
class Remainders {
    static boolean isLeapYear(int year) {
        return year % 4 == 0 && year % 100 != 0 || year % 400 == 0;
    }
}
