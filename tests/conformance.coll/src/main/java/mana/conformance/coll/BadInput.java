package mana.conformance.coll;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.UserFunction;

/**
 * Bad input to collectives under ERRORS_RETURN: every rank prints "OK rank R case: ..." with
 * the MPI error class it got (or "no error", or a runtime exception's class) and "MSG ..." with
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
            r = "MPIException class " + e.getErrorClass();
            System.out.println("MSG rank " + rank + " " + name + ": " + e.getMessage());
        } catch (RuntimeException e) {
            r = e.getClass().getSimpleName();
        }
        System.out.println("OK rank " + rank + " " + name + ": " + r);
        MPI.COMM_WORLD.barrier();
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
