package mana.conformance.p2p;

import mpi.MPI;
import mpi.MPIException;

/**
 * main initializes MPI, starts a worker thread and returns at once; the worker waits, talks
 * to the other ranks (a ring exchange and an allReduce), prints its result and finalizes. Under
 * {@code java App} the JVM waits for non-daemon threads after main, so the work is done and
 * the job succeeds; a launcher that exits when main returns would cut the worker off.
 */
public final class ThreadsAfterMain {

    public static void main(String[] args) throws Exception {
        MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Thread worker = new Thread(() -> {
            try {
                Thread.sleep(300); // main has long returned by now
                int rank = MPI.COMM_WORLD.getRank();
                int size = MPI.COMM_WORLD.getSize();
                int[] got = new int[1];
                MPI.COMM_WORLD.sendRecv(new int[] {rank}, 1, MPI.INT, (rank + 1) % size, 3,
                        got, 1, MPI.INT, (rank + size - 1) % size, 3);
                int[] sum = new int[1];
                MPI.COMM_WORLD.allReduce(new int[] {got[0]}, sum, 1, MPI.INT, MPI.SUM);
                System.out.println("WORKER rank " + rank + " got " + got[0] + " sum " + sum[0]);
                MPI.Finalize();
            } catch (MPIException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "worker");
        worker.start();
        System.out.println("MAIN returns");
    }

    private ThreadsAfterMain() {
    }
}
