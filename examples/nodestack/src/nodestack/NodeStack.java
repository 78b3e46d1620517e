package nodestack;

/** A stack of ints on linked nodes. */
public class NodeStack {
    private Node head;

    public void push(int value) {
        head = new Node(value, head);
    }

    public int pop() {
        if (head == null) {
            throw new IllegalStateException("empty stack");
        }
        int value = head.value;
        head = head.next;
        return value;
    }

    public int peek() {
        if (isEmpty()) {
            throw new IllegalStateException("empty stack");
        }
        return head.value;
    }

    public boolean isEmpty() {
        return head == null;
    }

    public int size() {
        int count = 0;
        Node node = head;
        while (node != null) {
            count++;
            node = node.next;
        }
        return count;
    }

    /** Moves the top of this stack onto another one. */
    public void moveTopTo(NodeStack other) {
        other.push(pop());
    }
}
