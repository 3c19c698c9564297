package mana.conformance.p2p;

import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Status;

/**
 * Receives into Java arrays longer than the message: MPI leaves every element the message did
 * not write as it was. Each receive buffer is pre-filled with a sentinel, the message fills part
 * of it, and the whole array is printed ("OK case: v0 v1 ..."), so a tail or hole that changed
 * shows. Open MPI's Java binding copies all {@code count} elements back from its own native
 * buffer (zeros or older bytes). Rank 0 sends, rank 1 receives (2 ranks); the collectives run
 * on both ranks and print on every rank.
 */
public final class RecvTails {
    static int rank;

    static void print(String name, Object array, Status s, Datatype t) throws MPIException {
        String values;
        if (array instanceof int[] a) {
            values = Arrays.toString(a);
        } else if (array instanceof char[] a) {
            values = "\"" + new String(a).replace('\0', '0') + "\"";
        } else if (array instanceof byte[] a) {
            values = Arrays.toString(a);
        } else if (array instanceof double[] a) {
            values = Arrays.toString(a);
        } else if (array instanceof boolean[] a) {
            values = Arrays.toString(a);
        } else {
            values = String.valueOf(array);
        }
        System.out.println("OK rank " + rank + " " + name + (s == null ? "" : " count " + s.getCount(t)) + ": " + values);
    }

    static int[] ints(int n, int sentinel) {
        int[] a = new int[n];
        Arrays.fill(a, sentinel);
        return a;
    }

    static int[] values(int n, int from) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = from + i;
        }
        return a;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        // Something in the lower half's receive memory first: a full message into a full buffer.
        if (rank == 0) {
            w.send(values(4096, 5000), 4096, MPI.INT, 1, 1);
        } else if (rank == 1) {
            w.recv(new int[4096], 4096, MPI.INT, 0, 1);
        }

        Datatype vector = Datatype.createVector(2, 1, 2, MPI.INT); // ints 0 and 2, extent 3 ints
        vector.commit();
        if (rank == 0) {
            w.send(values(3, 100), 3, MPI.INT, 1, 10);
            w.send(values(4, 200), 4, MPI.INT, 1, 11);
            w.send("host1".toCharArray(), 5, MPI.CHAR, 1, 12);
            w.send(new byte[] {1, 2, 3}, 3, MPI.BYTE, 1, 13);
            w.send(new double[] {1.5, 2.5}, 2, MPI.DOUBLE, 1, 14);
            w.send(new boolean[] {false, true}, 2, MPI.BOOLEAN, 1, 15);
            w.send(values(2, 300), 2, MPI.INT, 1, 16);
            w.send(values(3000, 1), 3000, MPI.INT, 1, 17);
            w.send(values(5, 400), 5, MPI.INT, 1, 18);
            w.sendRecv(values(3, 500), 3, MPI.INT, 1, 19, new int[1], 0, MPI.INT, 1, 19);
            w.send(values(2, 700), 2, MPI.INT, 1, 21);
        } else if (rank == 1) {
            int[] a = ints(10, -7);
            print("recv int[10] of 3", a, w.recv(a, 10, MPI.INT, 0, 10), MPI.INT);
            int[] v = ints(14, -7);
            print("recv vector x4 of 4 ints", v, w.recv(v, 4, vector, 0, 11), MPI.INT);
            char[] host = new char[16];
            Arrays.fill(host, '.');
            print("recv char[16] of 5", host, w.recv(host, 16, MPI.CHAR, 0, 12), MPI.CHAR);
            byte[] b = new byte[8];
            Arrays.fill(b, (byte) -7);
            print("recv byte[8] of 3", b, w.recv(b, 8, MPI.BYTE, 0, 13), MPI.BYTE);
            double[] d = new double[5];
            Arrays.fill(d, -7.0);
            print("recv double[5] of 2", d, w.recv(d, 5, MPI.DOUBLE, 0, 14), MPI.DOUBLE);
            boolean[] z = new boolean[4];
            Arrays.fill(z, true);
            print("recv boolean[4] of 2", z, w.recv(z, 4, MPI.BOOLEAN, 0, 15), MPI.BOOLEAN);
            int[] backing = ints(10, -7);
            IntBuffer heap = IntBuffer.wrap(backing, 2, 8).slice(); // arrayOffset 2
            Status hs = w.recv(heap, 6, MPI.INT, 0, 16);
            print("recv heap IntBuffer at offset 2 of 2", backing, hs, MPI.INT);
            int[] big = ints(4096, -7);
            Status bs = w.recv(big, 4096, MPI.INT, 0, 17);
            long kept = Arrays.stream(big, 3000, 4096).filter(x -> x == -7).count();
            System.out.println("OK rank 1 recv int[4096] of 3000 count " + bs.getCount(MPI.INT) + ": last received "
                    + big[2999] + ", sentinels kept " + kept + " of 1096");
            Message m = new Message();
            m.mProbe(0, 18, w);
            int[] mm = ints(10, -7);
            print("mRecv int[10] of 5", mm, m.mRecv(mm, 10, MPI.INT), MPI.INT);
            int[] sr = ints(10, -7);
            print("sendRecv int[10] of 3", sr, w.sendRecv(new int[1], 0, MPI.INT, 0, 19, sr, 10, MPI.INT, 0, 19),
                    MPI.INT);
            int[] rep = ints(10, -7);
            print("sendRecvReplace int[10] of 3", rep, w.sendRecvReplace(rep, 10, MPI.INT, 0, 20, 0, 20), MPI.INT);
            int[] any = ints(6, -7);
            print("recv ANY_SOURCE int[6] of 2", any, w.recv(any, 6, MPI.INT, MPI.ANY_SOURCE, 21), MPI.INT);
        }
        if (rank == 0) {
            int[] back = ints(10, -7); // rank 1's sendRecvReplace sends all 10 of its elements
            w.sendRecv(values(3, 600), 3, MPI.INT, 1, 20, back, 10, MPI.INT, 1, 20);
            print("sendRecv int[10] of 10", back, null, null);
        }

        // Collectives whose receive counts are larger than what arrives (Open MPI runs them).
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) {
            counts[i] = i + 1;
            displs[i] = 10 * i;
        }
        int[] sv = values(10 * size, 1000);
        int[] into = ints(10, -7);
        w.scatterv(sv, counts, displs, MPI.INT, into, 10, MPI.INT, 0);
        print("scatterv int[10] of " + (rank + 1), into, null, null);

        int[] sc = ints(6, -7);
        w.scatter(values(2 * size, 2000), 2, MPI.INT, sc, 2, MPI.INT, 0); // past recvcount: untouched
        print("scatter int[6] of 2", sc, null, null);

        int[] gv = ints(10 * size, -7);
        int[] big = new int[size];
        Arrays.fill(big, 5);
        w.gatherv(values(rank + 1, 3000 + 10 * rank), rank + 1, MPI.INT, gv, big, displs, MPI.INT, 0);
        if (rank == 0) {
            print("gatherv blocks of 5 from 1.." + size, gv, null, null);
        }

        int[] agv = ints(10 * size, -7);
        w.allGatherv(values(rank + 1, 4000 + 10 * rank), rank + 1, MPI.INT, agv, big, displs, MPI.INT);
        print("allGatherv blocks of 5 from 1.." + size, agv, null, null);

        int[] vx = ints(3 * 2 * size + 2, -7);
        w.gather(values(2, 6000 + 10 * rank), 2, MPI.INT, vx, 2, vector, 0);
        if (rank == 0) {
            print("gather into vector (holes)", vx, null, null);
        }
        // A non-periodic line: the end ranks' PROC_NULL neighbours write nothing (MPI), so
        // their blocks keep the array's values.
        mpi.CartComm line = w.createCart(new int[] {size}, new boolean[] {false}, false);
        int[] nb = ints(2 * 2, -7);
        line.neighborAllGather(values(2, 7000 + 10 * rank), 2, MPI.INT, nb, 2, MPI.INT);
        print("neighborAllGather on a line", nb, null, null);
        int[] na = ints(2 * 2, -7);
        line.neighborAllToAll(values(4, 8000 + 10 * rank), 2, MPI.INT, na, 2, MPI.INT);
        print("neighborAllToAll on a line", na, null, null);
        line.free();
        vector.free();
        System.out.println("DONE rank " + rank);
        MPI.Finalize();
    }
}
