package inference;

import java.io.FileNotFoundException;
import java.io.IOException;

class Sizes {
    // `var` takes its initialiser's type: an int, a String, an object of the sources.
    static int measure(int width, String name) {
        var area = width * width;
        var label = "w" + width;
        var box = new Box(area);
        if (label.equals(name)) {
            return box.size;
        }
        return area + 1;
    }

    private static int open(int n) throws IOException {
        if (n < 0) {
            throw new FileNotFoundException("missing");
        }
        if (n == 0) {
            throw new IOException("empty");
        }
        return n;
    }

    // The checked exceptions of java.io are known with their superclasses.
    static int opened(int n) {
        try {
            var result = open(n);
            return result;
        } catch (FileNotFoundException e) {
            return -1;
        } catch (IOException e) {
            return 0;
        }
    }
}

class Box {
    int size;

    Box(int size) {
        this.size = size;
    }
}
