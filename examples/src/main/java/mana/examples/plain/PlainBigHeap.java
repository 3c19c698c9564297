package mana.examples.plain;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An unmodified program holding a large heap per rank, to time a transparent checkpoint of it
 * ({@code tools/transparent/heap-bench.sh}): half of MIB mebibytes in double[] arrays of 8 MiB,
 * a quarter in byte[] arrays of 4 MiB, a quarter in an object graph (a linked list of nodes, each
 * with a 1 KiB long[] payload). Each step touches a few values and agrees on a sum (allReduce on
 * MPI_COMM_WORLD); rank 0 says when the heap is filled and prints a checksum at the end.
 * Arguments: [MIB per rank] [steps] [ms per step].
 */
public class PlainBigHeap {
    static final class Node {
        final int id;
        final long[] payload = new long[128];
        Node next;

        Node(int id) {
            this.id = id;
        }
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        long mib = args.length > 0 ? Long.parseLong(args[0]) : 1024;
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        long ms = args.length > 2 ? Long.parseLong(args[2]) : 20;
        double[][] doubles = new double[(int) (mib / 2 / 8)][];
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = new double[1 << 20];
            for (int j = 0; j < doubles[i].length; j++) {
                doubles[i][j] = (i * 31 + j) * 0.5 + rank;
            }
        }
        byte[][] bytes = new byte[(int) (mib / 4 / 4)][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = new byte[4 << 20];
            for (int j = 0; j < bytes[i].length; j++) {
                bytes[i][j] = (byte) (i + j * 7 + rank);
            }
        }
        Node head = null;
        long nodes = (mib << 20) / 4 / (128 * 8 + 32);
        for (int i = 0; i < nodes; i++) {
            Node n = new Node(i);
            for (int j = 0; j < n.payload.length; j++) {
                n.payload[j] = (long) i * j + rank;
            }
            n.next = head;
            head = n;
        }
        double[] sum = {0};
        world.allReduce(sum, 1, MPI.DOUBLE, MPI.SUM);
        if (rank == 0) {
            System.out.println("plain big heap: " + mib + " MiB per rank filled (" + doubles.length + " double[], " + bytes.length
                    + " byte[], " + nodes + " nodes)");
        }
        long checksum = 0;
        for (int s = 0; s < steps; s++) {
            double[] d = doubles[s % doubles.length];
            d[s % d.length] += 1;
            bytes[s % bytes.length][s] ^= 1;
            head.payload[s % 128] += s;
            double[] v = {d[s % d.length] + head.payload[s % 128]};
            world.allReduce(v, 1, MPI.DOUBLE, MPI.SUM);
            checksum = checksum * 31 + (long) v[0];
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        if (rank == 0) {
            System.out.println("plain big heap checksum " + checksum);
        }
        MPI.Finalize();
    }
}
