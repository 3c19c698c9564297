package mana.examples.plain;

import java.util.concurrent.atomic.AtomicLong;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A program a transparent checkpoint must refuse: rank 0 runs a second thread of its own code
 * (only the main thread is checkpointed; the worker's progress would be lost). No reference to
 * the thread is kept, so the heap image alone would not see it. Each round all ranks agree on a
 * sum (allReduce on MPI_COMM_WORLD) while the worker adds up numbers; at the end rank 0 waits for
 * the worker and prints both. Arguments: [rounds] [ms per round].
 */
public class PlainWorker {
    static final AtomicLong workerSum = new AtomicLong();
    static volatile boolean workerDone;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        if (rank == 0) {
            new Thread(() -> work(rounds, ms), "plain-worker").start();
        }
        long checksum = 0;
        for (int i = 0; i < rounds; i++) {
            long[] v = {rank + i};
            world.allReduce(v, 1, MPI.LONG, MPI.SUM);
            checksum = checksum * 31 + v[0];
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        if (rank == 0) {
            while (!workerDone) {
                Thread.sleep(5);
            }
            System.out.println("plain worker checksum " + checksum + " worker " + workerSum.get());
        }
        MPI.Finalize();
    }

    static void work(int rounds, long ms) {
        try {
            for (int i = 0; i < rounds; i++) {
                workerSum.addAndGet((long) i * i);
                if (ms > 0) {
                    Thread.sleep(ms);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workerDone = true;
    }
}
