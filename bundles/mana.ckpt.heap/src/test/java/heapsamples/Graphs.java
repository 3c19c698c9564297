package heapsamples;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import testmpi.Mpi;

/** Arrays, JDK collections, a cyclic object graph, records, enums and statics, all changed between cut points. */
public class Graphs {
    static int counter = 100;                                  // set by the class initializer, then changed
    static final List<String> HISTORY = new ArrayList<>();    // final, contents change
    static Node ring;
    static final int CONSTANT = 42;

    enum Color { RED, GREEN, BLUE }

    record Point(int x, double y, String tag) {
    }

    static final class Node {
        final int id;
        Node next;
        Object payload;

        Node(int id) {
            this.id = id;
        }
    }

    private final Map<String, List<Integer>> index = new HashMap<>();
    private final double[][] grid = new double[3][4];

    public static void main(String[] args) {
        int steps = Integer.parseInt(args[0]);
        Graphs g = new Graphs();
        Node a = new Node(1);
        Node b = new Node(2);
        Node c = new Node(3);
        a.next = b;
        b.next = c;
        c.next = a;                       // a cycle
        a.payload = a;                    // an object holding itself
        b.payload = g.grid;               // an array shared with a field
        ring = b;                         // shared between a static and a local
        TreeMap<Integer, Point> points = new TreeMap<>();
        ArrayDeque<Color> colors = new ArrayDeque<>();
        String[] words = {"alpha", null, "gamma"};
        long[] sums = new long[2];
        int[] seen = {0};
        Runnable bump = new Runnable() { // an anonymous class: the array it counts into is a synthetic field
            @Override
            public void run() {
                seen[0]++;
            }
        };
        Counter inner = g.new Counter(); // an inner class: its outer instance is a synthetic field
        for (int i = 0; i < steps; i++) {
            Mpi.barrier();
            g.step(i);
            counter += i;
            HISTORY.add("h" + i);
            points.put(i, new Point(i, i * 0.5, words[i % 3]));
            colors.addLast(Color.values()[i % 3]);
            if (colors.size() > 2) {
                colors.removeFirst();
            }
            sums[i % 2] += Mpi.allreduce(i) + (long) g.grid[i % 3][i % 4];
            bump.run();
            inner.add(i);
            Node n = a;
            int walk = 0;
            do {
                walk += n.id;
                n = n.next;
            } while (n != a);
            System.out.println(i + " counter=" + counter + " history=" + HISTORY + " ring=" + ring.id + "->" + ring.next.id
                    + " same=" + (b.payload == g.grid) + "," + (a.payload == a) + "," + (ring == b)
                    + " points=" + points + " colors=" + colors + " sums=" + sums[0] + "," + sums[1] + " walk=" + walk
                    + " index=" + new TreeMap<>(g.index) + " grid=" + g.grid[1][2] + " const=" + CONSTANT
                    + " seen=" + seen[0] + " inner=" + inner.outerTotal());
        }
    }

    private long total;

    final class Counter {
        void add(int i) {
            total += i;
        }

        long outerTotal() {
            return total;
        }
    }

    void step(int i) {
        index.computeIfAbsent("k" + (i % 2), k -> new ArrayList<>()).add(i);
        grid[i % 3][i % 4] += Mpi.send(i);
    }
}
