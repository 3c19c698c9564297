package mana.examples.plain;

import java.io.BufferedWriter;
import java.io.File;
import java.io.FileOutputStream;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program that keeps result files open across its rounds, as unmodified codes do: rank 0
 * appends each round's sum to FILE (a {@code FileOutputStream} in a local of main), and every
 * rank writes a table line per round to FILE.table.RANK through a {@code PrintWriter} over a
 * {@code BufferedWriter} (flushed every 8 rounds, so chars are pending in the heap at most cuts).
 * Each round all ranks agree on a sum (allReduce on MPI_COMM_WORLD); at the end rank 0 prints a
 * checksum. A transparent checkpoint saves the files by path and position and a restart reopens
 * them. With a fourth argument {@code deleted}, rank 0 deletes FILE while it is open: a
 * checkpoint is then refused, naming the file. Arguments: FILE [rounds] [ms per round] [deleted].
 */
public class PlainLog {
    public static void main(String[] args) throws MPIException, IOException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        long ms = args.length > 2 ? Long.parseLong(args[2]) : 0;
        boolean deleted = args.length > 3 && args[3].equals("deleted");
        long checksum = 0;
        try (FileOutputStream log = rank == 0 ? new FileOutputStream(args[0]) : null;
                PrintWriter table = new PrintWriter(new BufferedWriter(new FileWriter(args[0] + ".table." + rank)))) {
            if (deleted && log != null) {
                new File(args[0]).delete();
            }
            for (int i = 0; i < rounds; i++) {
                long[] v = {rank + i};
                world.allReduce(v, 1, MPI.LONG, MPI.SUM);
                checksum = checksum * 31 + v[0];
                if (log != null) {
                    log.write((v[0] + "\n").getBytes(StandardCharsets.US_ASCII));
                }
                table.printf("%d %d %d%n", i, v[0], checksum);
                if (i % 8 == 7) {
                    table.flush();
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
