package mana.bench;

import java.time.Instant;
import mpi.MPI;
import mpi.MPIException;

/**
 * The program {@code mana bench startup} launches, raw ({@code mpirun java -cp mpi.jar:mana-bench.jar})
 * and under MANA: Open MPI's Hello (Init, rank, size, Finalize) that stamps, as wall-clock epoch
 * nanoseconds, the moment its {@code main} is entered (first statement) and left (after
 * {@code MPI.Finalize}). The bench compares them with the moments it launched the job and saw
 * it end. Output: one line per rank, {@code mana-startup rank=R size=N entered=NS left=NS}.
 */
public final class StartupHello {
    private StartupHello() {
    }

    public static void main(String[] args) throws MPIException {
        long entered = epochNanos();
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        MPI.Finalize();
        long left = epochNanos();
        System.out.println("mana-startup rank=" + rank + " size=" + size + " entered=" + entered + " left=" + left);
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
