package mana.examples.plain;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program a transparent checkpoint must refuse: rank 0 keeps a file open across the rounds (a
 * {@code FileOutputStream} in a local of main; its position would not come back at a restart).
 * Each round all ranks agree on a sum (allReduce on MPI_COMM_WORLD) and rank 0 appends it to the
 * file; at the end rank 0 prints a checksum. A checkpoint request names the stream and the path
 * that reaches it, and the job goes on to the same answer. Arguments: FILE [rounds] [ms per round].
 */
public class PlainLog {
    public static void main(String[] args) throws MPIException, IOException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        long ms = args.length > 2 ? Long.parseLong(args[2]) : 0;
        long checksum = 0;
        try (FileOutputStream log = rank == 0 ? new FileOutputStream(args[0]) : null) {
            for (int i = 0; i < rounds; i++) {
                long[] v = {rank + i};
                world.allReduce(v, 1, MPI.LONG, MPI.SUM);
                checksum = checksum * 31 + v[0];
                if (log != null) {
                    log.write((v[0] + "\n").getBytes(StandardCharsets.US_ASCII));
                }
                if (ms > 0) {
                    Thread.sleep(ms);
                }
            }
        }
        if (rank == 0) {
            System.out.println("plain log checksum " + checksum);
        }
        MPI.Finalize();
    }
}
