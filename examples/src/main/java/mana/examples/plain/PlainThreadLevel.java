package mana.examples.plain;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program that asks for a thread level (no MANA import, no safe point): MPI.InitThread with
 * MPI_THREAD_SERIALIZED, then rounds of an allReduce on MPI_COMM_WORLD; every tenth round rank 0
 * prints the level MPI provides (MPI.queryThread) with the sum, so a restart that initialized MPI
 * differently shows. Arguments: [rounds] [ms per round].
 */
public class PlainThreadLevel {
    public static void main(String[] args) throws MPIException, InterruptedException {
        int provided = MPI.InitThread(args, MPI.THREAD_SERIALIZED);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        long sum = 0;
        for (int i = 0; i < rounds; i++) {
            long[] v = {rank + i};
            world.allReduce(v, 1, MPI.LONG, MPI.SUM);
            sum = sum * 31 + v[0];
            if (rank == 0 && i % 10 == 9) {
                System.out.println("round " + (i + 1) + " provided " + provided + " level " + MPI.queryThread() + " sum " + sum);
            }
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        MPI.Finalize();
    }
}
