package mana.examples;

import java.io.Serializable;
import java.nio.LongBuffer;
import mana.api.Mana;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A ring with a message always in flight, checkpointable with MANA. In step k every rank
 * receives (non-blocking) the value its left neighbour sent in step k-1, mixes it into its
 * accumulator and sends (non-blocking) the next value to its right neighbour; the safe point at
 * the top of each step therefore always has one message in flight towards every rank. Prints
 * the sum of all accumulators (deterministic), so runs can be compared.
 *
 * <pre>mana run -np 3 --class mana.examples.NbRing examples/target/mana-examples.jar [steps] [ms per step] [MiB of extra state]</pre>
 */
public final class NbRing {
    static final int TAG = 5;

    static final class State implements Serializable {
        private static final long serialVersionUID = 1L;
        int step;
        long acc;
        /** Extra state to make checkpoints big (tests, benchmarks); not part of the result. */
        byte[] ballast = new byte[0];
    }

    private NbRing() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int ms = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int ballastMiB = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        LongBuffer out = MPI.newLongBuffer(1);
        LongBuffer in = MPI.newLongBuffer(1);

        State s = Mana.restoredState(State.class).orElse(null);
        if (s == null) {
            s = new State();
            s.acc = rank + 1;
            s.ballast = new byte[ballastMiB << 20];
            java.util.Arrays.fill(s.ballast, (byte) rank);
            out.put(0, s.acc);
            MPI.COMM_WORLD.iSend(out, 1, MPI.LONG, right, TAG).waitFor(); // step 0's value, in flight
        } else {
            System.out.println("rank " + rank + " resumes at step " + s.step);
        }
        for (; s.step < steps; s.step++) {
            Mana.safePoint(s);
            Request r = MPI.COMM_WORLD.iRecv(in, 1, MPI.LONG, left, TAG);
            r.waitFor();
            s.acc = mix(s.acc, in.get(0), s.step);
            Thread.sleep(ms);
            out.put(0, s.acc);
            MPI.COMM_WORLD.iSend(out, 1, MPI.LONG, right, TAG).waitFor();
        }
        MPI.COMM_WORLD.recv(in, 1, MPI.LONG, left, TAG); // the last value sent
        long[] total = {mix(s.acc, in.get(0), steps)};
        long[] sum = new long[1];
        MPI.COMM_WORLD.reduce(total, sum, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            System.out.println("ring checksum: " + Long.toHexString(sum[0]) + " (" + steps + " steps, " + size + " ranks)");
        }
        MPI.Finalize();
    }

    static long mix(long acc, long in, int step) {
        long x = acc * 31 + in + step;
        x ^= x >>> 33;
        x *= 0xFF51AFD7ED558CCDL;
        return x ^ (x >>> 29);
    }
}
