package mana.examples.plain;

import java.nio.LongBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A loop of non-blocking allReduces on MPI_COMM_WORLD, each waited for at once, as Open MPI's
 * IscanInPlace and IgathervInPlace tests do; no MANA import. Odd ranks sleep before each start,
 * so that a checkpoint finds even ranks waiting at their next start for a while (which a
 * transparent checkpoint must not let them make alone). Rank 0 prints every tenth sum and a
 * checksum. Arguments: [rounds] [ms odd ranks sleep per round].
 */
public class PlainIcoll {
    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        LongBuffer buf = MPI.newLongBuffer(4);
        long checksum = 17;
        for (int i = 0; i < rounds; i++) {
            if (ms > 0 && rank % 2 == 1) {
                Thread.sleep(ms);
            }
            for (int k = 0; k < 4; k++) {
                buf.put(k, rank * 100L + i + k);
            }
            Request r = MPI.COMM_WORLD.iAllReduce(buf, 4, MPI.LONG, MPI.SUM);
            r.waitFor();
            r.free();
            checksum = checksum * 1_000_003L + buf.get(0) + buf.get(3);
            if (rank == 0 && i % 10 == 9) {
                System.out.println("round " + (i + 1) + " sum " + buf.get(0));
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("plain icoll checksum " + checksum + " after " + rounds + " rounds");
        }
        MPI.Finalize();
    }
}
