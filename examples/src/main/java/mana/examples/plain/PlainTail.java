package mana.examples.plain;

import java.util.Map;
import java.util.TreeMap;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program whose only blocking MPI call is {@code MPI.Finalize()}, as most of Open MPI's
 * environment and info tests are; no MANA import. Each rank computes a table of sums locally,
 * holds a duplicated communicator and a derived datatype, finalizes, and prints its checksum
 * after {@code MPI_Finalize}: a checkpoint can cut it only before MPI_Finalize, and a restart
 * from there must print what the uninterrupted run prints. Argument: [terms].
 */
public class PlainTail {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int terms = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        Intracomm mine = MPI.COMM_WORLD.dup();
        Datatype pair = Datatype.createContiguous(2, MPI.LONG);
        pair.commit();
        Map<Integer, Long> sums = new TreeMap<>();
        long x = 7 + rank;
        for (int i = 0; i < terms; i++) {
            x = x * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L;
            sums.merge((int) (x >>> 60), x >>> 40, Long::sum);
        }
        int size = mine.getSize();
        int pairBytes = pair.getSize();
        System.out.println("plain tail rank " + rank + " of " + size + ": " + sums.size() + " buckets");
        MPI.Finalize();
        long checksum = 17;
        for (Map.Entry<Integer, Long> e : sums.entrySet()) {
            checksum = checksum * 1_000_003L + e.getKey() * 31L + e.getValue();
        }
        System.out.println("plain tail rank " + rank + " checksum " + checksum + " pair bytes " + pairBytes);
    }
}
