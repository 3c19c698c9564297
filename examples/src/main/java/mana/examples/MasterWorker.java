package mana.examples;

import java.io.Serializable;
import mana.api.Mana;
import mpi.MPI;
import mpi.MPIException;

/**
 * Master/worker in rounds, checkpointable with MANA. Rank 0 hands one task to every worker per
 * round and collects the answers of the previous round (from any source), so tasks and answers
 * are in flight at every moment; workers answer each task. Prints a checksum that does not depend
 * on the order answers arrive, so runs (with or without checkpoint/restart) can be compared.
 *
 * <p>One safe point per round, at the top, on every rank: its index means the same round
 * everywhere. A rank at safe point k needs only messages sent before the others' safe point k
 * (task k-1, answers k-2), so every rank can reach any target the coordinator picks.
 *
 * <pre>mana run -np 4 --class mana.examples.MasterWorker examples/target/mana-examples.jar [rounds] [ms per task]</pre>
 */
public final class MasterWorker {
    static final int TASK = 1;
    static final int ANSWER = 2;

    /** What a rank needs to go on after a restart. */
    static final class State implements Serializable {
        private static final long serialVersionUID = 1L;
        int round;
        long sum;
    }

    private MasterWorker() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int ms = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        if (size < 2) {
            throw new IllegalArgumentException("MasterWorker needs at least 2 ranks");
        }
        State s = Mana.restoredState(State.class).orElseGet(State::new);
        if (Mana.isRestart()) {
            System.out.println("rank " + rank + " resumes at round " + s.round);
        }
        long[] buf = new long[1];
        for (; s.round < rounds; s.round++) {
            Mana.safePoint(s);
            if (rank == 0) {
                for (int w = 1; w < size; w++) {
                    buf[0] = (long) s.round * (size - 1) + (w - 1);
                    MPI.COMM_WORLD.send(buf, 1, MPI.LONG, w, TASK);
                }
                if (s.round > 0) {
                    s.sum += collect(size, buf);
                }
            } else {
                MPI.COMM_WORLD.recv(buf, 1, MPI.LONG, 0, TASK);
                buf[0] = work(buf[0]);
                Thread.sleep(ms);
                MPI.COMM_WORLD.send(buf, 1, MPI.LONG, 0, ANSWER);
            }
        }
        if (rank == 0) {
            s.sum += collect(size, buf);
            System.out.println("master/worker checksum: " + Long.toHexString(s.sum) + " (" + rounds + " rounds, " + (size - 1) + " workers)");
        }
        MPI.Finalize();
    }

    /** The answers of one round, in whatever order they come. */
    private static long collect(int size, long[] buf) throws MPIException {
        long sum = 0;
        for (int i = 1; i < size; i++) {
            MPI.COMM_WORLD.recv(buf, 1, MPI.LONG, MPI.ANY_SOURCE, ANSWER);
            sum += buf[0];
        }
        return sum;
    }

    /** Some deterministic work: a few rounds of a 64-bit mix. */
    static long work(long task) {
        long x = task * 0x9E3779B97F4A7C15L + 1;
        for (int i = 0; i < 1000; i++) {
            x ^= x >>> 31;
            x *= 0xBF58476D1CE4E5B9L;
            x ^= x >>> 29;
        }
        return x;
    }
}
