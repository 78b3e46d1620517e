package bst;

import java.util.NoSuchElementException;

/** A binary search tree of distinct ints (after the BinarySearchTree of Table 4 of the
 *  compositional symbolic execution paper). */
public class BinarySearchTree {
    private Node root;
    private int size;

    /** Adds a key; false if it was there already. */
    public boolean insert(int key) {
        if (root == null) {
            root = new Node(key);
            size++;
            return true;
        }
        Node node = root;
        while (true) {
            if (key == node.key) {
                return false;
            }
            if (key < node.key) {
                if (node.left == null) {
                    node.left = new Node(key);
                    size++;
                    return true;
                }
                node = node.left;
            } else {
                if (node.right == null) {
                    node.right = new Node(key);
                    size++;
                    return true;
                }
                node = node.right;
            }
        }
    }

    /** Adds a key by descending recursively; false if it was there already. */
    public boolean add(int key) {
        if (root == null) {
            root = new Node(key);
            size++;
            return true;
        }
        boolean added = addBelow(root, key);
        if (added) {
            size++;
        }
        return added;
    }

    private static boolean addBelow(Node node, int key) {
        if (key == node.key) {
            return false;
        }
        if (key < node.key) {
            if (node.left == null) {
                node.left = new Node(key);
                return true;
            }
            return addBelow(node.left, key);
        }
        if (node.right == null) {
            node.right = new Node(key);
            return true;
        }
        return addBelow(node.right, key);
    }

    public boolean contains(int key) {
        Node node = root;
        while (node != null) {
            if (key == node.key) {
                return true;
            }
            node = key < node.key ? node.left : node.right;
        }
        return false;
    }

    /** The smallest key. */
    public int min() {
        if (root == null) {
            throw new NoSuchElementException("empty tree");
        }
        Node node = root;
        while (node.left != null) {
            node = node.left;
        }
        return node.key;
    }

    public int size() {
        return size;
    }

    /** The number of nodes on the longest path from the root down. */
    public int height() {
        return height(root);
    }

    private static int height(Node node) {
        if (node == null) {
            return 0;
        }
        return 1 + Math.max(height(node.left), height(node.right));
    }
}
