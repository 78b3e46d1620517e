package bst;

/** A node of a binary search tree. */
public class Node {
    int key;
    Node left;
    Node right;

    public Node(int key) {
        this.key = key;
    }
}
