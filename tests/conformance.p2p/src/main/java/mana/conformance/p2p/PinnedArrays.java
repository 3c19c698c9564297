package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Arrays that Open MPI's Java binding hands MPI as raw memory, with no bounds check: pack and
 * unpack pin the array itself ({@code GetPrimitiveArrayCritical}), and a predefined datatype with
 * a gap (MPI.SHORT_INT) is copied over the array's memory. A count beyond the array, or a
 * negative position, makes MPI read or write the Java heap around it (unpack and the receive: the
 * JVM dies at the next garbage collection, raw). Every rank works alone (the receive talks to
 * itself) under ERRORS_RETURN and prints "OK rank R case: result"; each refused call is followed
 * by one that fits, and "DONE" after a garbage collection.
 */
public final class PinnedArrays {
    interface Call {
        String run() throws MPIException;
    }

    static int rank;

    static void expect(String name, Call c) {
        String r;
        try {
            r = c.run();
        } catch (MPIException e) {
            r = "MPIException class " + ErrorNames.of(e.getErrorClass());
            System.out.println("MSG rank " + rank + " " + name + ": " + e.getMessage());
        }
        System.out.println("OK rank " + rank + " " + name + ": " + r);
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        byte[] packed = new byte[4096];

        expect("unpack past the end of an int[4]", () -> "position " + w.unpack(packed, 0, new int[4], 1000, MPI.INT));
        expect("unpack into an int[1000]", () -> "position " + w.unpack(packed, 0, new int[1000], 1000, MPI.INT));
        expect("pack past the end of an int[4]", () -> "position " + w.pack(new int[4], 1000, MPI.INT, packed, 0));
        expect("pack from an int[1000]", () -> "position " + w.pack(new int[1000], 1000, MPI.INT, packed, 0));
        expect("pack at a negative position", () -> "position " + w.pack(new int[10], 10, MPI.INT, packed, -64));
        expect("unpack from a negative position", () -> "position " + w.unpack(packed, -64, new int[10], 10, MPI.INT));
        expect("pack of SHORT_INT past the end of a byte[16]",
                () -> "position " + w.pack(new byte[16], 100, MPI.SHORT_INT, packed, 0));

        byte[] pairs = new byte[8 * 1000];
        java.util.Arrays.fill(pairs, (byte) 0x43);
        expect("recv of SHORT_INT into a byte[16]", () -> {
            mpi.Request s = w.iSend(MPI.newByteBuffer(pairs.length).put(pairs), 1000, MPI.SHORT_INT, rank, 5);
            try {
                w.recv(new byte[16], 1000, MPI.SHORT_INT, rank, 5);
                return "no error";
            } finally {
                byte[] fits = new byte[pairs.length];
                w.recv(fits, 1000, MPI.SHORT_INT, rank, 5); // the message is still there
                s.waitFor();
                System.out.println("OK rank " + rank + " message left for the next recv: " + (fits[0] == 0x43));
            }
        });

        System.gc();
        int[][] churn = new int[1000][];
        for (int i = 0; i < churn.length; i++) {
            churn[i] = new int[100 + i];
        }
        System.gc();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
