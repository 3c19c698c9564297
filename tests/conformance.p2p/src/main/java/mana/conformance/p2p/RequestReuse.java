package mana.conformance.p2p;

import java.nio.IntBuffer;
import mana.conformance.ErrorNames;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Many non-blocking messages in a row, each checked (MANA reuses the request log's entries, so
 * every request here fills an entry an earlier one left): 2 ranks exchange {@link #ROUNDS} rounds
 * of iRecv + iSend + two waits, then rounds of four receives pending at once completed by
 * waitAll in reverse posting order. "OK ..." lines on rank 0, to compare with the raw binding.
 * With the argument "stale" (MANA only: in the raw binding a completed request's handle names
 * freed memory) rank 0 keeps a completed request's handle in a subclass object made with
 * Open MPI's protected constructor, lets a new request take its slot, and waits through it.
 */
public final class RequestReuse {
    static final int ROUNDS = 100_000;

    /** A library's request class: Open MPI's protected constructor and handle accessor. */
    static final class Alias extends Request {
        Alias(long handle) {
            super(handle);
        }

        static long handleOf(Request r) {
            return getHandles(new Request[] {r})[0];
        }
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean stale = args.length > 0 && args[0].equals("stale");
        int rank = MPI.COMM_WORLD.getRank();
        int peer = 1 - rank;
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer in = MPI.newIntBuffer(4);
        IntBuffer out = MPI.newIntBuffer(4);
        int bad = 0;
        for (int i = 0; i < ROUNDS; i++) {
            Request r = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, peer, 1);
            out.put(0, 2 * i + rank);
            Request s = MPI.COMM_WORLD.iSend(out, 1, MPI.INT, peer, 1);
            s.waitFor();
            r.waitFor();
            if (in.get(0) != 2 * i + peer || !r.isNull() || !s.isNull()) {
                bad++;
            }
        }
        report(rank, "OK " + ROUNDS + " rounds of iRecv+iSend+waits: wrong " + bad);

        bad = 0;
        IntBuffer[] slots = new IntBuffer[4];
        for (int k = 0; k < 4; k++) {
            slots[k] = MPI.newIntBuffer(1);
        }
        for (int i = 0; i < 1000; i++) {
            Request[] r = new Request[4];
            for (int k = 0; k < 4; k++) {
                r[k] = MPI.COMM_WORLD.iRecv(slots[k], 1, MPI.INT, peer, 10 + k);
            }
            for (int k = 3; k >= 0; k--) {
                out.put(k, 1000 * i + 10 * k + rank);
                MPI.COMM_WORLD.send(out.duplicate().position(k).slice(), 1, MPI.INT, peer, 10 + k);
            }
            Request.waitAll(new Request[] {r[3], r[2], r[1], r[0]});
            for (int k = 0; k < 4; k++) {
                if (slots[k].get(0) != 1000 * i + 10 * k + peer || !r[k].isNull()) {
                    bad++;
                }
            }
        }
        report(rank, "OK 1000 rounds of 4 pending receives and waitAll: wrong " + bad);

        if (stale) {
            IntBuffer second = MPI.newIntBuffer(1);
            Request first = MPI.COMM_WORLD.iRecv(in, 1, MPI.INT, peer, 2);
            Alias kept = new Alias(Alias.handleOf(first));
            out.put(0, 40 + rank);
            MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 2);
            first.waitFor();
            Request next = MPI.COMM_WORLD.iRecv(second, 1, MPI.INT, peer, 3); // takes the freed slot and entry
            String what;
            try {
                kept.waitFor();
                what = "no error";
            } catch (MPIException e) {
                what = "MPIException class " + ErrorNames.of(e.getErrorClass()) + ": " + e.getMessage();
            }
            report(rank, "STALE wait through a completed request's handle: " + what);
            out.put(0, 50 + rank);
            MPI.COMM_WORLD.send(out, 1, MPI.INT, peer, 3);
            next.waitFor();
            report(rank, "STALE the new request received " + (second.get(0) == 50 + peer ? "its own message" : second.get(0)));
        }
        MPI.COMM_WORLD.barrier();
        report(rank, "DONE");
        MPI.Finalize();
    }

    private static void report(int rank, String line) {
        if (rank == 0) {
            System.out.println(line);
        }
    }
}
