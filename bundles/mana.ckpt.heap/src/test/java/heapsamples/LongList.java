package heapsamples;

import testmpi.Mpi;

/** A linked list of args[0] nodes across a cut point: Kryo recurses once per node. */
public class LongList {
    static final class Node {
        final int value;
        final Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < Integer.parseInt(args[0]); i++) {
            head = new Node(i, head);
        }
        Mpi.barrier();
        long sum = 0;
        int n = 0;
        for (Node p = head; p != null; p = p.next) {
            sum += p.value;
            n++;
        }
        System.out.println("list of " + n + " nodes, sum " + sum);
    }
}
