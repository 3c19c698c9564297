package mana.conformance.coll;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mana.conformance.ErrorNames;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;

/**
 * Bad input to collectives under ERRORS_RETURN: every rank prints "OK rank R case: ..." with
 * the MPI error class it got by name (or "no error", or a runtime exception's class) and "MSG ..." with
 * the message, so MANA's lines can be compared with the raw binding's for the cases the raw
 * binding survives. Arguments name the cases to run ('-' for ' ').
 */
public final class BadInput {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;
    static java.util.Set<String> only;

    static void expect(String name, Call c) throws MPIException {
        if (!only.isEmpty() && !only.contains(name.replace(' ', '-'))) {
            return;
        }
        String r;
        try {
            c.run();
            r = "no error";
        } catch (MPIException e) {
            r = "MPIException class " + ErrorNames.of(e.getErrorClass());
            System.out.println("MSG rank " + rank + " " + name + ": " + e.getMessage());
        } catch (RuntimeException e) {
            r = e.getClass().getSimpleName();
        }
        System.out.println("OK rank " + rank + " " + name + ": " + r);
        MPI.COMM_WORLD.barrier();
    }

    interface Result {
        java.nio.Buffer run() throws MPIException;
    }

    /** expect, and on success "OK rank R name: [contents]" of the buffer the call filled. */
    static void result(String name, Result c) throws MPIException {
        expect(name, () -> {
            java.nio.Buffer b = c.run();
            StringBuilder sb = new StringBuilder("OK rank " + rank + " " + name + " result:");
            IntBuffer ints = (IntBuffer) b;
            for (int i = 0; i < ints.capacity(); i++) {
                sb.append(' ').append(ints.get(i));
            }
            System.out.println(sb);
        });
    }

    /** A direct IntBuffer of n ints: first, first + 1, ... */
    static IntBuffer filled(int n, int first) {
        IntBuffer b = MPI.newIntBuffer(n);
        for (int i = 0; i < n; i++) {
            b.put(i, first + i);
        }
        return b;
    }

    static Datatype[] types(int n) {
        Datatype[] t = new Datatype[n];
        java.util.Arrays.fill(t, MPI.INT);
        return t;
    }

    public static void main(String[] args) throws MPIException {
        only = new java.util.HashSet<>(java.util.Arrays.asList(MPI.Init(args)));
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        int size = w.getSize();
        w.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[16];
        IntBuffer direct = MPI.newIntBuffer(16);

        // the raw binding gives the same answers for these
        expect("wrong root in bcast", () -> w.bcast(buf, 2, MPI.INT, size));
        expect("wrong root in iBcast", () -> w.iBcast(direct, 2, MPI.INT, -5).waitFor());
        expect("negative count in allReduce", () -> w.allReduce(buf, new int[16], -1, MPI.INT, MPI.SUM));
        expect("negative count in iAllReduce", () -> w.iAllReduce(direct, MPI.newIntBuffer(16), -3, MPI.INT, MPI.SUM).waitFor());
        expect("array in iBcast", () -> w.iBcast(IntBuffer.wrap(buf), 2, MPI.INT, 0).waitFor());
        // (3 ranks: the root receives every block directly, so only the root sees the truncation)
        expect("mismatched counts in gather", () -> w.gather(new int[] {rank, rank}, rank == 0 ? 1 : 2, MPI.INT,
                new int[2 * size], 1, MPI.INT, 0));

        // neighborhood collectives need a topology (MPI_ERR_TOPOLOGY without one)
        expect("iNeighborAllGather without a topology", () -> w.iNeighborAllGather(direct, 1, MPI.INT,
                MPI.newIntBuffer(16), 1, MPI.INT).waitFor());
        expect("iNeighborAllToAll without a topology", () -> w.iNeighborAllToAll(direct, 1, MPI.INT,
                MPI.newIntBuffer(16), 1, MPI.INT).waitFor());

        // the raw binding crashes the JVM (or calls a wrong object) for these: MANA must answer
        Datatype freed = Datatype.createVector(2, 1, 2, MPI.INT);
        freed.commit();
        freed.free();
        expect("freed datatype in bcast", () -> w.bcast(buf, 1, freed, 0));
        expect("freed datatype in iBcast", () -> w.iBcast(direct, 1, freed, 0).waitFor());
        Datatype uncommitted = Datatype.createVector(2, 1, 2, MPI.INT);
        expect("uncommitted datatype in allGather", () -> w.allGather(buf, 1, uncommitted, new int[16 * size], 1, uncommitted));
        expect("uncommitted datatype in iGather", () -> w.iGather(direct, 1, uncommitted, MPI.newIntBuffer(16 * size), 1,
                uncommitted, 0).waitFor());
        uncommitted.free();
        Datatype vector = Datatype.createVector(1, 1, 1, MPI.INT);
        vector.commit();
        Datatype[] types = new Datatype[size];
        java.util.Arrays.fill(types, vector);
        int[] ones = new int[size];
        int[] displs = new int[size];
        for (int i = 0; i < size; i++) {
            ones[i] = 1;
            displs[i] = 4 * i;
        }
        expect("derived datatype in iAllToAllw", () -> w.iAllToAllw(MPI.newByteBuffer(4 * size), ones, displs, types,
                MPI.newByteBuffer(4 * size), ones, displs, types).waitFor());
        vector.free();
        Op user = new Op(new UserFunction() {
            @Override
            public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype t) {
                for (int i = 0; i < count; i++) {
                    inOut.putInt(4 * i, in.getInt(4 * i) + inOut.getInt(4 * i));
                }
            }
        }, true);
        expect("user op in iAllReduce", () -> {
            Request r = w.iAllReduce(direct, MPI.newIntBuffer(16), 2, MPI.INT, user);
            r.waitFor();
        });
        int[] sum = new int[1];
        expect("user op after the refused iAllReduce", () -> w.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, user));
        if (only.isEmpty() || only.contains("user-op-after-the-refused-iAllReduce")) {
            System.out.println("OK rank " + rank + " user op sum: " + (sum[0] == size * (size + 1) / 2));
        }
        user.free();
        expect("freed op in reduce", () -> w.reduce(buf, new int[16], 1, MPI.INT, user, 0));
        Intracomm dup = w.dup();
        dup.free();
        expect("freed communicator in iBarrier", () -> dup.iBarrier().waitFor());

        // null buffers and null or short count arrays: the raw binding reads them in native code (SIGSEGV)
        expect("null buffer in bcast", () -> w.bcast(null, 2, MPI.INT, 0));
        expect("null receive buffer in allGather", () -> w.allGather(buf, 1, MPI.INT, null, 1, MPI.INT));
        expect("null counts in allGatherv", () -> w.allGatherv(buf, 1, MPI.INT, new int[16 * size], null, displs, MPI.INT));
        expect("short counts in allToAllv", () -> w.allToAllv(buf, new int[1], new int[1], MPI.INT,
                new int[16 * size], new int[1], new int[1], MPI.INT));
        expect("null counts in reduceScatter", () -> w.reduceScatter(buf, new int[16], null, MPI.INT, MPI.SUM));
        // the non-blocking forms read the same arrays: one entry per process, as the blocking ones
        expect("short counts in iAllToAllv", () -> w.iAllToAllv(direct, new int[1], new int[1], MPI.INT,
                MPI.newIntBuffer(16 * size), new int[1], new int[1], MPI.INT).waitFor());
        expect("short displacements in iAllGatherv", () -> w.iAllGatherv(direct, 1, MPI.INT,
                MPI.newIntBuffer(16 * size), ones, new int[1], MPI.INT).waitFor());
        expect("short counts in iReduceScatter", () -> w.iReduceScatter(direct, MPI.newIntBuffer(16), new int[1],
                MPI.INT, MPI.SUM).waitFor());
        expect("short types in allToAllw", () -> w.allToAllw(MPI.newByteBuffer(4 * size), ones, displs,
                new Datatype[] {MPI.INT}, MPI.newByteBuffer(4 * size), ones, displs, new Datatype[] {MPI.INT}));
        expect("null buffer in reduceLocal", () -> mpi.Comm.reduceLocal(null, new int[2], 2, MPI.INT, MPI.SUM));
        // an array of objects: the raw binding moves the references as ints (the receiver's JVM crashes using them)
        Integer[] boxes = new Integer[size];
        java.util.Arrays.fill(boxes, rank);
        int[] at = new int[size];
        java.util.Arrays.setAll(at, i -> i);
        expect("object array in allToAllv", () -> w.allToAllv(boxes, ones, at, MPI.INT,
                new Integer[size], ones, at, MPI.INT));
        expect("object array in bcast", () -> w.bcast(new Object[] {"x"}, 1, MPI.INT, 0));
        // direct buffers smaller than the call moves: MPI reads and writes past their end in native memory
        expect("direct buffers that fit in allToAll", () -> w.allToAll(MPI.newIntBuffer(2 * size), 2, MPI.INT,
                MPI.newIntBuffer(2 * size), 2, MPI.INT));
        expect("short direct buffer in allToAll", () -> w.allToAll(MPI.newIntBuffer(2 * size), 2, MPI.INT,
                MPI.newIntBuffer(2), 2, MPI.INT));
        expect("short direct buffer in allReduce", () -> w.allReduce(MPI.newDoubleBuffer(4), MPI.newDoubleBuffer(1), 4,
                MPI.DOUBLE, MPI.SUM));
        expect("short direct receive buffer in gather at the root", () -> {
            if (rank == 0) {
                w.gather(MPI.newIntBuffer(1), 1, MPI.INT, MPI.newIntBuffer(size - 1), 1, MPI.INT, 0);
            }
        });
        // every collective checks each direct buffer it hands MPI, with the call's own count semantics;
        // "short" cases fail on every rank that calls (the raw binding writes past the end), the
        // "that fit" cases are the same calls with buffers exactly as large as MPI needs: they
        // must succeed and give the raw binding's results
        int[] last = new int[size]; // displacements 0, 1, ..., size-2, then size: one hole before the last block
        java.util.Arrays.setAll(last, i -> i == size - 1 ? size : i);
        int[] lastBytes = java.util.Arrays.stream(last).map(i -> 4 * i).toArray();
        expect("short direct buffer in allToAllv", () -> w.allToAllv(MPI.newIntBuffer(size), ones, at, MPI.INT,
                MPI.newIntBuffer(size), ones, last, MPI.INT));
        result("direct buffers that fit in allToAllv", () -> {
            IntBuffer r = MPI.newIntBuffer(size + 1);
            w.allToAllv(filled(size, 10 * rank), ones, at, MPI.INT, r, ones, last, MPI.INT);
            return r;
        });
        expect("short direct buffer in allToAllw", () -> w.allToAllw(MPI.newByteBuffer(4 * size), ones, displs, types(size),
                MPI.newByteBuffer(4 * size), ones, lastBytes, types(size)));
        result("direct buffers that fit in allToAllw", () -> {
            ByteBuffer s = MPI.newByteBuffer(4 * size);
            for (int i = 0; i < size; i++) {
                s.putInt(4 * i, 10 * rank + i);
            }
            ByteBuffer r = MPI.newByteBuffer(4 * (size + 1));
            w.allToAllw(s, ones, displs, types(size), r, ones, lastBytes, types(size));
            return r.asIntBuffer();
        });
        int[] twos = new int[size];
        java.util.Arrays.fill(twos, 2);
        expect("short direct receive buffer in reduceScatter", () -> w.reduceScatter(MPI.newIntBuffer(2 * size),
                MPI.newIntBuffer(1), twos, MPI.INT, MPI.SUM));
        expect("short direct send buffer in reduceScatter", () -> w.reduceScatter(MPI.newIntBuffer(2 * size - 1),
                MPI.newIntBuffer(2), twos, MPI.INT, MPI.SUM));
        result("direct buffers that fit in reduceScatter", () -> {
            IntBuffer r = MPI.newIntBuffer(2);
            w.reduceScatter(filled(2 * size, rank), r, twos, MPI.INT, MPI.SUM);
            return r;
        });
        // a vector of 2 ints 4 apart spans 5 ints: 3 ints hold its 2 elements but not its span
        Datatype gappy = Datatype.createVector(2, 1, 4, MPI.INT);
        gappy.commit();
        expect("short direct buffer for a vector in bcast", () -> w.bcast(MPI.newIntBuffer(3), 1, gappy, 0));
        result("a direct buffer that fits a vector in bcast", () -> {
            IntBuffer b = rank == 0 ? filled(5, 7) : MPI.newIntBuffer(5);
            w.bcast(b, 1, gappy, 0);
            return b;
        });
        gappy.free();
        expect("short direct buffer in iBcast", () -> w.iBcast(MPI.newIntBuffer(1), 2, MPI.INT, 0).waitFor());
        result("a direct buffer that fits in iBcast", () -> {
            IntBuffer b = rank == 0 ? filled(2, 3) : MPI.newIntBuffer(2);
            w.iBcast(b, 2, MPI.INT, 0).waitFor();
            return b;
        });
        // a periodic ring: every process has 2 neighbors (left and right), so a neighbor gather receives 2 blocks
        mpi.CartComm ring = w.createCart(new int[] {size}, new boolean[] {true}, false);
        ring.setErrhandler(MPI.ERRORS_RETURN);
        expect("short direct buffer in neighborAllGather", () -> ring.neighborAllGather(filled(1, rank), 1, MPI.INT,
                MPI.newIntBuffer(1), 1, MPI.INT));
        result("a direct buffer that fits in neighborAllGather", () -> {
            IntBuffer r = MPI.newIntBuffer(2);
            ring.neighborAllGather(filled(1, rank), 1, MPI.INT, r, 1, MPI.INT);
            return r;
        });
        expect("short counts in iNeighborAllToAllv", () -> ring.iNeighborAllToAllv(filled(2, rank), new int[] {1},
                new int[] {0}, MPI.INT, MPI.newIntBuffer(2), new int[] {1, 1}, new int[] {0, 1}, MPI.INT).waitFor());
        expect("short direct buffer in iNeighborAllToAll", () -> ring.iNeighborAllToAll(filled(1, rank), 1, MPI.INT,
                MPI.newIntBuffer(2), 1, MPI.INT).waitFor());
        result("direct buffers that fit in iNeighborAllToAll", () -> {
            IntBuffer r = MPI.newIntBuffer(2);
            ring.iNeighborAllToAll(filled(2, 10 * rank), 1, MPI.INT, r, 1, MPI.INT).waitFor();
            return r;
        });
        ring.free();
        // in place, the buffer holds the whole result
        expect("short direct buffer in allGather in place", () -> w.allGather(MPI.newIntBuffer(size - 1), 1, MPI.INT));
        result("a direct buffer that fits in allGather in place", () -> {
            IntBuffer b = MPI.newIntBuffer(size);
            b.put(rank, rank + 5);
            w.allGather(b, 1, MPI.INT);
            return b;
        });
        expect("short direct buffer in iAllReduce in place", () -> w.iAllReduce(MPI.newIntBuffer(1), 2, MPI.INT,
                MPI.SUM).waitFor());
        expect("short direct buffer in scan", () -> w.scan(MPI.newIntBuffer(2), MPI.newIntBuffer(1), 2, MPI.INT, MPI.SUM));
        // a non-root's gather receive buffer is not read: an empty one is fine, as in the raw binding
        result("an empty direct receive buffer in gatherv off the root", () -> {
            IntBuffer r = MPI.newIntBuffer(rank == 0 ? size + 1 : 0);
            w.gatherv(filled(1, rank + 1), 1, MPI.INT, r, ones, last, MPI.INT, 0);
            return r;
        });
        result("an empty direct receive buffer in reduce off the root", () -> {
            IntBuffer r = MPI.newIntBuffer(rank == 0 ? 2 : 0);
            w.reduce(filled(2, rank), r, 2, MPI.INT, MPI.SUM, 0);
            return r;
        });
        // on an intercommunicator MPI ignores the root's send buffer, the leaves' receive buffers
        // and every buffer at MPI.PROC_NULL: empty ones are fine there, as in the raw binding
        Intracomm half = w.split(rank % 2, rank);
        mpi.Intercomm ic = w.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 77);
        result("empty direct buffers that intercommunicator collectives ignore", () -> {
            boolean leader = ic.getRank() == 0;
            int here = leader ? MPI.ROOT : MPI.PROC_NULL; // this group's root argument when it holds the root
            IntBuffer got = MPI.newIntBuffer(4);
            if (rank % 2 == 1) { // the odd group gathers and reduces the even group's values
                IntBuffer g = MPI.newIntBuffer(leader ? ic.getRemoteSize() : 0);
                ic.gather(MPI.newIntBuffer(0), 1, MPI.INT, g, 1, MPI.INT, here);
                IntBuffer total = MPI.newIntBuffer(leader ? 1 : 0);
                ic.reduce(MPI.newIntBuffer(0), total, 1, MPI.INT, MPI.SUM, here);
                IntBuffer b = MPI.newIntBuffer(1);
                ic.bcast(b, 1, MPI.INT, 0);
                for (int i = 0; i < g.capacity(); i++) {
                    got.put(i, g.get(i));
                }
                got.put(2, leader ? total.get(0) : -1).put(3, b.get(0));
            } else { // the even group sends, and its leader broadcasts
                ic.gather(filled(1, rank + 1), 1, MPI.INT, MPI.newIntBuffer(0), 1, MPI.INT, 0);
                ic.reduce(filled(1, rank + 1), MPI.newIntBuffer(0), 1, MPI.INT, MPI.SUM, 0);
                ic.bcast(leader ? filled(1, 42) : MPI.newIntBuffer(0), 1, MPI.INT, here);
            }
            return got;
        });
        ic.free();
        half.free();
        expect("short array in reduceLocal", () -> mpi.Comm.reduceLocal(new int[4], new int[2], 4, MPI.INT, MPI.SUM));
        // every rank calls; only the root's array is short (stemedu MPI2_10: scatter of 1 int each from an
        // int[2] at 4 ranks): the raw binding's copy fails, MPI runs anyway, the root throws after it
        expect("short send array in scatter at the root", () -> w.scatter(new int[size - 1], 1, MPI.INT,
                new int[1], 1, MPI.INT, 0));
        expect("short receive array in gather at the root", () -> w.gather(new int[] {rank}, 1, MPI.INT,
                new int[size - 1], 1, MPI.INT, 0));
        result("arrays that fit in scatter and gather", () -> {
            int[] got = new int[1];
            w.scatter(rank == 0 ? new int[] {10, 11, 12, 13, 14} : null, 1, MPI.INT, got, 1, MPI.INT, 0);
            int[] all = new int[size];
            w.gather(new int[] {got[0] + 100}, 1, MPI.INT, all, 1, MPI.INT, 0);
            return IntBuffer.wrap(rank == 0 ? all : got);
        });
        expect("short direct receive buffer in gatherv at the root", () -> {
            if (rank == 0) {
                w.gatherv(filled(1, 1), 1, MPI.INT, MPI.newIntBuffer(size), ones, last, MPI.INT, 0);
            }
        });
        expect("short direct send buffer in iScatterv at the root", () -> {
            if (rank == 0) {
                w.iScatterv(MPI.newIntBuffer(size), ones, last, MPI.INT, MPI.newIntBuffer(1), 1, MPI.INT, 0).waitFor();
            }
        });
        // only the root reads these: the root alone calls (it must fail before communicating, or it waits forever)
        expect("null receive buffer in gather at the root", () -> {
            if (rank == 0) {
                w.gather(buf, 1, MPI.INT, null, 1, MPI.INT, 0);
            }
        });
        expect("null counts in gatherv at the root", () -> {
            if (rank == 0) {
                w.gatherv(buf, 1, MPI.INT, new int[16 * size], null, displs, MPI.INT, 0);
            }
        });
        expect("null send buffer in scatter at the root", () -> {
            if (rank == 0) {
                w.scatter(null, 1, MPI.INT, buf, 1, MPI.INT, 0);
            }
        });
        expect("null displacements in iGatherv at the root", () -> {
            if (rank == 0) {
                w.iGatherv(direct, 1, MPI.INT, MPI.newIntBuffer(16 * size), ones, null, MPI.INT, 0).waitFor();
            }
        });
        expect("short counts in iScatterv at the root", () -> {
            if (rank == 0) {
                w.iScatterv(MPI.newIntBuffer(16 * size), new int[1], new int[1], MPI.INT, direct, 1, MPI.INT, 0).waitFor();
            }
        });

        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
