package mana.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Computes pi as the integral of 4/(1+x^2) over [0,1] with the midpoint rule, split over
 * the ranks of COMM_WORLD. Every rank sends its partial sum to rank 0 (send/recv of a
 * double array); rank 0 prints pi and its error and exits with status 1 if the error
 * exceeds 1e-6.
 *
 * <pre>mana run -np 4 examples/target/mana-examples.jar [intervals]</pre>
 */
public final class Pi {
    static final int TAG = 7;
    static final double TOLERANCE = 1e-6;

    private Pi() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        long n = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        double start = MPI.wtime();

        double[] partial = {partialSum(rank, size, n)};
        boolean ok = true;
        if (rank == 0) {
            double sum = partial[0];
            double[] in = new double[1];
            for (int source = 1; source < size; source++) {
                MPI.COMM_WORLD.recv(in, 1, MPI.DOUBLE, source, TAG);
                sum += in[0];
            }
            double error = Math.abs(sum - Math.PI);
            ok = error <= TOLERANCE;
            System.out.printf("pi is approximately %.16f, error %.3e (%d intervals, %d ranks, %.3f s)%n",
                    sum, error, n, size, MPI.wtime() - start);
            if (!ok) {
                System.out.println("error exceeds " + TOLERANCE);
            }
        } else {
            MPI.COMM_WORLD.send(partial, 1, MPI.DOUBLE, 0, TAG);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        if (!ok) {
            System.exit(1);
        }
    }

    /** Midpoint rule over the intervals rank, rank+size, rank+2*size, ... of n. */
    static double partialSum(int rank, int size, long n) {
        double h = 1.0 / n;
        double sum = 0;
        for (long i = rank; i < n; i += size) {
            double x = h * (i + 0.5);
            sum += 4.0 / (1.0 + x * x);
        }
        return sum * h;
    }
}
