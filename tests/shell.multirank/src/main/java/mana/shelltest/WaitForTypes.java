package mana.shelltest;

import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * Runs while a wrapper bundle is hot-added and removed: calls a datatype constructor in a loop
 * until it works (printing the first "unsupported" error), uses the new datatype in a real
 * message, then loops until the function is gone again. Every loop is bounded: a rank that
 * waits too long aborts the job.
 *
 * <p>Output per rank: {@code rank R: unsupported: MSG}, {@code rank R: available after N failures},
 * {@code rank R: ok}, {@code rank R: unsupported again: MSG}.
 */
public final class WaitForTypes {
    static final int MAX_TRIES = 1200; // 100 ms apart
    static final int USES = 50;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();

        int failures = 0;
        Datatype pair = null;
        while (pair == null) {
            try {
                pair = Datatype.createContiguous(2, MPI.INT);
            } catch (MPIException e) {
                if (failures++ == 0) {
                    say(rank, "unsupported: " + e.getMessage());
                }
                waitOrGiveUp(rank, failures, "the datatype functions to appear");
            }
        }
        say(rank, "available after " + failures + " failures");

        pair.commit();
        // A real message with the hot-added datatype: each rank sends 3 pairs to the next one.
        int[] out = {rank, 10 * rank, rank + 1, 10 * rank + 1, rank + 2, 10 * rank + 2};
        int[] in = new int[6];
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        MPI.COMM_WORLD.sendRecv(out, 3, pair, next, 7, in, 3, pair, prev, 7);
        for (int i = 0; i < 3; i++) {
            if (in[2 * i] != prev + i || in[2 * i + 1] != 10 * prev + i) {
                say(rank, "wrong data from rank " + prev + ": " + java.util.Arrays.toString(in));
                MPI.COMM_WORLD.abort(4);
            }
        }
        pair.free();
        for (int i = 0; i < USES; i++) {
            Datatype t = Datatype.createVector(2, 1, 3, MPI.DOUBLE);
            t.free();
        }
        MPI.COMM_WORLD.barrier();
        say(rank, "ok");

        // Now the bundle is taken away again: the same call must fail cleanly.
        failures = 0;
        // The jar can go between the constructor and free(): then free() is the call that fails,
        // a failure as clean as the constructor's (the type it made stays allocated; the job ends next).
        while (true) {
            try {
                Datatype.createContiguous(2, MPI.INT).free();
            } catch (MPIException e) {
                say(rank, "unsupported again: " + e.getMessage());
                break;
            }
            waitOrGiveUp(rank, ++failures, "the datatype functions to go away");
        }
        MPI.Finalize();
    }

    private static void waitOrGiveUp(int rank, int tries, String what) throws MPIException, InterruptedException {
        if (tries >= MAX_TRIES) {
            say(rank, "gave up waiting for " + what);
            MPI.COMM_WORLD.abort(3);
        }
        Thread.sleep(100);
    }

    private static void say(int rank, String line) {
        System.out.println("rank " + rank + ": " + line);
        System.out.flush();
    }
}
