package mana.examples.plain;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;

/**
 * A token ring with a reduction per round, written as any Open MPI Java program is: no MANA
 * import, no safe point. Each round every rank passes a value to its right neighbour (blocking
 * send and receive: rank 0 sends first, the others receive first), then all ranks agree on a sum
 * (allReduce on MPI_COMM_WORLD: where a transparent checkpoint can cut). Rank 0 prints every
 * tenth sum and a final checksum over all rounds. State sits in locals, an array, a HashMap and
 * a static: what a transparent restart must bring back. Arguments: [rounds] [ms to sleep per round]
 * [locked|nb|op]: with "locked" the ring's sends and receives and the reduction run inside synchronized blocks, where a transparent
 * checkpoint cannot capture the main thread; with "nb" a non-blocking receive stays open across
 * the reduction (a transparent checkpoint refuses it); with "op" the reduction is a user-defined
 * op (an anonymous UserFunction, not Serializable) that counts its calls in an array main also
 * holds, printed at the end (after a restart the op must still count into main's array). The same
 * checksum either way; checkpoints are refused saying why.
 */
public class PlainRing {
    static long roundsDone;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        boolean locked = args.length > 2 && args[2].equals("locked");
        boolean nb = args.length > 2 && args[2].equals("nb");
        long[] opCalls = {0};
        Op op = MPI.SUM;
        if (args.length > 2 && args[2].equals("op")) {
            op = new Op(new UserFunction() { // a sum of longs, counting its calls
                @Override
                public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                    for (int k = 0; k < count; k++) {
                        inOut.putLong(k * 8, inOut.getLong(k * 8) + in.getLong(k * 8));
                    }
                    opCalls[0]++;
                }
            }, true);
        }
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        Map<Integer, Long> sums = new HashMap<>();
        long checksum = 17;
        for (int i = 0; i < rounds; i++) {
            long[] in;
            if (locked) {
                synchronized (PlainRing.class) { // no blocking call of this round is a capturable cut point
                    in = pass(world, rank, left, right, rank * 1000L + i);
                }
            } else {
                in = pass(world, rank, left, right, rank * 1000L + i);
            }
            long[] sum = {in[0] * 31 + i};
            mpi.Request open = null;
            if (nb) {
                open = world.iRecv(java.nio.ByteBuffer.allocateDirect(8).order(java.nio.ByteOrder.nativeOrder()), 1, MPI.LONG, left, 6);
                world.send(new long[] {i}, 1, MPI.LONG, right, 6);
            }
            if (locked) {
                synchronized (PlainRing.class) {
                    world.allReduce(sum, 1, MPI.LONG, op);
                }
            } else {
                world.allReduce(sum, 1, MPI.LONG, op);
            }
            if (open != null) {
                open.waitFor();
            }
            sums.put(i % 7, sum[0]);
            checksum = checksum * 1_000_003L + sum[0] + sums.size();
            roundsDone++;
            if (rank == 0 && i % 10 == 9) {
                System.out.println("round " + (i + 1) + " sum " + sum[0]);
            }
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        if (rank == 0) {
            System.out.println("plain ring checksum " + checksum + " after " + roundsDone + " rounds");
        }
        if (op != MPI.SUM) {
            world.allReduce(opCalls, 1, MPI.LONG, MPI.SUM);
            if (rank == 0) {
                System.out.println("user op called " + opCalls[0] + " times");
            }
        }
        MPI.Finalize();
    }

    /** One hop of the ring: send {@code value} right, receive from the left. */
    static long[] pass(Intracomm world, int rank, int left, int right, long value) throws MPIException {
        long[] out = {value};
        long[] in = new long[1];
        if (world.getSize() == 1) {
            return out;
        }
        if (rank == 0) {
            world.send(out, 1, MPI.LONG, right, 5);
            world.recv(in, 1, MPI.LONG, left, 5);
        } else {
            world.recv(in, 1, MPI.LONG, left, 5);
            world.send(out, 1, MPI.LONG, right, 5);
        }
        return in;
    }
}
