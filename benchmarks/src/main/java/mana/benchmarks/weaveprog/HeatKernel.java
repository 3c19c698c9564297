package mana.benchmarks.weaveprog;

import benchmpi.Mpi;

/**
 * The heat example's loop as an application writes it (tools/transparent/cost-bench's heat
 * kernel without the MPI library): per step a halo value each way ("sendRecv"), a stencil over
 * {@link #POINTS} cells, and the sum of the change ("allReduce"). Woven, the three "MPI" calls
 * are cut points in the method that holds the compute loop, so what weaving does to the JIT's
 * code for that loop shows here, without the noise of two ranks sharing a machine.
 */
public final class HeatKernel {
    static final int POINTS = 2000;

    private HeatKernel() {
    }

    public static double run(int steps) {
        double[] u = new double[POINTS + 2];
        double[] next = new double[POINTS + 2];
        for (int i = 1; i <= POINTS; i++) {
            u[i] = Math.sin(i * 0.001);
        }
        double total = 0;
        for (int s = 0; s < steps; s++) {
            u[0] = Mpi.exchange(u[POINTS]);
            u[POINTS + 1] = Mpi.exchange(u[1]);
            double c = 0;
            for (int i = 1; i <= POINTS; i++) {
                next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
                c += Math.abs(next[i] - u[i]);
            }
            double[] t = u;
            u = next;
            next = t;
            total += Mpi.sum(c);
        }
        return total;
    }
}
