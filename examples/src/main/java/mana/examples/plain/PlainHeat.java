package mana.examples.plain;

import java.util.ArrayList;
import java.util.List;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A 1-D heat diffusion (with cooling) on a ring of ranks written as any Open MPI Java program is: no MANA import,
 * no safe point. Each rank owns a strip of cells; every step exchanges halo cells with its
 * neighbours (sendRecv, in a helper method), relaxes, and every few steps agrees on the total heat
 * (allReduce, two calls deep). Statics hold the step count and a history. Rank 0 prints a line per
 * reduction and a final checksum: the answer transparent checkpoints must reproduce.
 * Arguments: [steps] [cells per rank].
 */
public class PlainHeat {
    static int stepsDone;
    static final List<String> HISTORY = new ArrayList<>();

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        int cells = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        double[] u = new double[cells + 2];
        for (int i = 1; i <= cells; i++) {
            u[i] = (rank * cells + i) % 7 == 0 ? 100.0 : 0.0;
        }
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        long checksum = 0;
        for (int s = 0; s < steps; s++) {
            exchange(world, u, left, right);
            u = relax(u);
            stepsDone++;
            if (s % 5 == 4) {
                double total = Totals.total(world, u);
                checksum = checksum * 31 + Math.round(total * 1e6);
                HISTORY.add(String.format("%.6f", total));
                if (rank == 0) {
                    System.out.printf("step %d total %.6f%n", s + 1, total);
                }
            }
        }
        if (rank == 0) {
            System.out.println("steps " + stepsDone + " history " + HISTORY.size() + " checksum " + checksum);
        }
        MPI.Finalize();
    }

    /** Halo exchange with both neighbours. */
    static void exchange(Intracomm c, double[] u, int left, int right) throws MPIException {
        int n = u.length - 2;
        double[] in = new double[1];
        c.sendRecv(new double[] {u[n]}, 1, MPI.DOUBLE, right, 1, in, 1, MPI.DOUBLE, left, 1);
        u[0] = in[0];
        c.sendRecv(new double[] {u[1]}, 1, MPI.DOUBLE, left, 2, in, 1, MPI.DOUBLE, right, 2);
        u[n + 1] = in[0];
    }

    static double[] relax(double[] u) {
        double[] v = u.clone();
        for (int i = 1; i < u.length - 1; i++) {
            v[i] = 0.995 * (u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]));   // a cooling rod
        }
        return v;
    }

    /** The reduction two calls deep, so that a cut there has a deeper stack. */
    static final class Totals {
        private Totals() {
        }

        static double total(Intracomm c, double[] u) throws MPIException {
            return sum(c, local(u));
        }

        static double local(double[] u) {
            double t = 0;
            for (int i = 1; i < u.length - 1; i++) {
                t += u[i];
            }
            return t;
        }

        static double sum(Intracomm c, double local) throws MPIException {
            double[] buf = {local};
            c.allReduce(buf, 1, MPI.DOUBLE, MPI.SUM);
            return buf[0];
        }
    }
}
