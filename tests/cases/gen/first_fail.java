package cases;

/**
 * A path whose constraints contradict each other only among a few small numbers: an insert
 * that reads values[size - 1] (so size <= values.length) and then stores at values[size]
 * out of bounds (size >= values.length), though size != values.length. Labelling the
 * argument x first tries its every value before finding that no length and size fit, past
 * the budget; when that runs out, the numbers with the fewest values go first, and the path
 * is shown infeasible in a few tries.
 */
class Shelf {
    int[] values;
    int size;

    boolean insert(int x) {
        if (size == values.length) {
            return false;
        }
        if (size > 0 && values[size - 1] > x) {
            values[size] = values[size - 1];
            return true;
        }
        values[size] = x;
        size++;
        return true;
    }
}
