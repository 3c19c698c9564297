package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Direct buffers that do not hold what a point-to-point call moves. The raw binding hands MPI
 * the buffer's address only, and MPI writes past its end ("malloc(): invalid size", SIGSEGV) or
 * reads past it. Every rank talks to itself, under ERRORS_RETURN, and prints
 * "OK rank R case: result" (the error class or the data received). With the argument "fitting"
 * only the cases whose buffers fit run (the ones the raw binding survives, to compare); without
 * it, each short case is followed by the same call with a buffer that fits, which must find the
 * message the refused call left alone.
 */
public final class ShortBuffers {
    interface Call {
        String run() throws MPIException;
    }

    static int rank;
    static boolean fittingOnly;
    static int tag = 1;

    static void expect(String name, boolean fits, Call c) {
        if (fittingOnly && !fits) {
            return;
        }
        String r;
        try {
            r = c.run();
        } catch (MPIException e) {
            r = "MPIException class " + ErrorNames.of(e.getErrorClass());
            System.out.println("MSG rank " + rank + " " + name + ": " + e.getMessage());
        }
        System.out.println("OK rank " + rank + " " + name + ": " + r);
    }

    static IntBuffer filled(int n) {
        IntBuffer b = MPI.newIntBuffer(n);
        for (int i = 0; i < n; i++) {
            b.put(i, 1000 * rank + i);
        }
        return b;
    }

    static String sum(IntBuffer b, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += b.get(i);
        }
        return "sum " + s;
    }

    public static void main(String[] args) throws MPIException {
        fittingOnly = java.util.Arrays.asList(MPI.Init(args)).contains("fitting");
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        int n = 1024;

        expect("short direct buffer in recv", false, () -> {
            Request s = w.iSend(filled(n), n, MPI.INT, rank, tag);
            try {
                w.recv(MPI.newIntBuffer(4), n, MPI.INT, rank, tag);
                return "no error";
            } finally {
                IntBuffer ok = MPI.newIntBuffer(n);
                w.recv(ok, n, MPI.INT, rank, tag); // the message is still there
                s.waitFor();
                System.out.println("OK rank " + rank + " message left for the next recv: " + sum(ok, n));
            }
        });
        expect("fitting direct buffer in recv", true, () -> {
            Request s = w.iSend(filled(n), n, MPI.INT, rank, tag);
            IntBuffer ok = MPI.newIntBuffer(n);
            w.recv(ok, n, MPI.INT, rank, tag);
            s.waitFor();
            return sum(ok, n);
        });
        expect("short direct buffer in send", false, () -> {
            IntBuffer into = MPI.newIntBuffer(n);
            Request r = w.iRecv(into, n, MPI.INT, rank, tag);
            try {
                w.send(MPI.newIntBuffer(4), n, MPI.INT, rank, tag);
                return "no error";
            } finally {
                w.send(filled(n), n, MPI.INT, rank, tag);
                r.waitFor();
            }
        });
        expect("short direct buffer in iSend", false,
                () -> "request " + w.iSend(MPI.newIntBuffer(4), n, MPI.INT, rank, tag).isNull());
        expect("short direct buffer in iRecv", false,
                () -> "request " + w.iRecv(MPI.newIntBuffer(4), n, MPI.INT, rank, tag).isNull());
        expect("short direct buffer in recvInit", false,
                () -> "request " + w.recvInit(MPI.newIntBuffer(4), n, MPI.INT, rank, tag).isNull());
        expect("short direct receive buffer in sendRecv", false,
                () -> "source " + w.sendRecv(filled(8), 8, MPI.INT, rank, tag, MPI.newIntBuffer(4), 8, MPI.INT,
                        rank, tag).getSource());
        expect("fitting direct buffers in sendRecv", true, () -> {
            IntBuffer into = MPI.newIntBuffer(8);
            w.sendRecv(filled(8), 8, MPI.INT, rank, tag, into, 8, MPI.INT, rank, tag);
            return sum(into, 8);
        });
        expect("short direct buffer in sendRecvReplace", false,
                () -> "source " + w.sendRecvReplace(MPI.newIntBuffer(4), 8, MPI.INT, rank, tag, rank, tag).getSource());
        expect("short direct buffer in mRecv", false, () -> {
            Request s = w.iSend(filled(n), n, MPI.INT, rank, tag);
            mpi.Message m = new mpi.Message();
            m.mProbe(rank, tag, w);
            try {
                m.mRecv(MPI.newIntBuffer(4), n, MPI.INT);
                return "no error";
            } finally {
                IntBuffer ok = MPI.newIntBuffer(n);
                m.mRecv(ok, n, MPI.INT); // the matched message is still the message's
                s.waitFor();
                System.out.println("OK rank " + rank + " matched message left for the next mRecv: " + sum(ok, n));
            }
        });
        expect("short direct buffer in pack", false,
                () -> "position " + w.pack(MPI.newIntBuffer(2), 8, MPI.INT, new byte[64], 0));

        // a vector of 4 ints with stride 4: 4 ints of data, but MPI touches ints 0, 4, 8 and 12
        Datatype vector = Datatype.createVector(4, 1, 4, MPI.INT);
        vector.commit();
        expect("derived datatype reaching past a direct buffer in send", false, () -> {
            IntBuffer into = MPI.newIntBuffer(4);
            Request r = w.iRecv(into, 4, MPI.INT, rank, tag);
            try {
                w.send(filled(12), 1, vector, rank, tag);
                return "no error";
            } finally {
                w.send(filled(13), 1, vector, rank, tag);
                r.waitFor();
            }
        });
        expect("derived datatype fitting a direct buffer exactly", true, () -> {
            IntBuffer into = MPI.newIntBuffer(4);
            Request r = w.iRecv(into, 4, MPI.INT, rank, tag);
            w.send(filled(13), 1, vector, rank, tag);
            r.waitFor();
            return sum(into, 4);
        });
        // the binding hands MPI the array's own memory for a type with gaps: a receive writes past it
        expect("derived datatype reaching past an array in recv", false, () -> {
            Request s = w.iSend(filled(4), 4, MPI.INT, rank, tag);
            try {
                w.recv(new int[12], 1, vector, rank, tag);
                return "no error";
            } finally {
                int[] ok = new int[13];
                w.recv(ok, 1, vector, rank, tag);
                s.waitFor();
                System.out.println("OK rank " + rank + " vector message left for the next recv: " + (ok[0] + ok[4] + ok[8] + ok[12]));
            }
        });
        expect("derived datatype fitting an array exactly", true, () -> {
            Request s = w.iSend(filled(4), 4, MPI.INT, rank, tag);
            int[] ok = new int[13];
            w.recv(ok, 1, vector, rank, tag);
            s.waitFor();
            return "sum " + (ok[0] + ok[4] + ok[8] + ok[12]) + " gaps " + (ok[1] + ok[5] + ok[11]);
        });
        vector.free();
        // a negative stride reaches before the start of a slice, into the buffer it was sliced from
        expect("negative-stride vector over a slice", true, () -> {
            Datatype back = Datatype.createVector(3, 1, -2, MPI.INT);
            back.commit();
            IntBuffer into = MPI.newIntBuffer(3);
            Request r = w.iRecv(into, 3, MPI.INT, rank, tag);
            w.send(MPI.slice(filled(8), 6), 1, back, rank, tag);
            r.waitFor();
            back.free();
            return sum(into, 3) + " first " + into.get(0);
        });

        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
