package mana.examples.plain;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A large message sent while its receiver still has work to do, written as any Open MPI Java
 * program is (no MANA import, no safe point). Each step rank 0 computes, sends rank 1 a 1 MiB
 * block (MPI sends it by rendezvous: the send returns only once rank 1 receives it) and waits
 * for a reply; rank 1 first makes many small sends and receives of its own (bookkeeping through
 * MPI_COMM_SELF-like self messages), then receives the block and replies. Rank 2 only computes
 * and makes a self send now and then (its cut points are far apart). Under a transparent
 * checkpoint the cut is often agreed while rank 0 is inside its large send and rank 1 stops
 * before one of its small sends: the cut needs the stopped rank 1 to take the block off the
 * network. Rank 2 computes until rank 0 tells it the steps are done (it looks with iProbe, no cut
 * point). Arguments: [steps] [ms rank 0 computes per step].
 */
public class PlainExchange {
    static final int BLOCK = 128 * 1024; // doubles: 1 MiB
    static final int CHORES = 32;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        double[] block = new double[BLOCK];
        long[] reply = new long[1];
        long[] self = new long[1];
        if (rank == 0) {
            long checksum = 17;
            for (int s = 0; s < steps; s++) {
                if (ms > 0) {
                    Thread.sleep(ms);
                }
                for (int i = 0; i < BLOCK; i += 4096) {
                    block[i] = s + i;
                }
                world.send(block, BLOCK, MPI.DOUBLE, 1, 1);
                world.recv(reply, 1, MPI.LONG, 1, 2);
                checksum = checksum * 1_000_003L + reply[0];
                if (s % 10 == 9) {
                    System.out.println("step " + (s + 1) + " checksum " + checksum);
                }
            }
            System.out.println("plain exchange checksum " + checksum + " after " + steps + " steps");
            world.send(reply, 1, MPI.LONG, 2, 9); // rank 2 may stop
        } else if (rank == 1) {
            double seen = 0;
            long chores = 0;
            for (int s = 0; s < steps; s++) {
                for (int c = 0; c < CHORES; c++) {
                    self[0] = s * CHORES + c;
                    world.send(self, 1, MPI.LONG, rank, 4); // small: buffered, then received
                    world.recv(self, 1, MPI.LONG, rank, 4);
                    chores += self[0];
                }
                world.recv(block, BLOCK, MPI.DOUBLE, 0, 1);
                for (int i = 0; i < BLOCK; i += 4096) {
                    seen += block[i];
                }
                reply[0] = (long) seen * 31 + chores;
                world.send(reply, 1, MPI.LONG, 0, 2);
            }
        } else {
            for (int s = 0; world.iProbe(0, 9) == null; s++) {
                Thread.sleep(40 * ms); // computing: no cut point for a while
                world.send(self, 1, MPI.LONG, rank, 3);
                world.recv(self, 1, MPI.LONG, rank, 3);
                self[0] += s;
            }
            world.recv(reply, 1, MPI.LONG, 0, 9);
        }
        world.barrier();
        MPI.Finalize();
    }
}
