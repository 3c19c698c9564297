package mana.bench;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * What transparent checkpointing costs a program while no checkpoint is taken: an ordinary Open
 * MPI Java program (no MANA import) that {@code tools/transparent/cost-bench} runs with and
 * without {@code mana run --transparent} (woven and unwoven), alternating. Two kernels:
 * <ul>
 * <li>{@code pingpong ITERS}: 8-byte blocking send/recv between ranks 0 and 1; prints
 *     {@code woven-cost pingpong ns=X} (half a round trip, rank 0).</li>
 * <li>{@code heat STEPS POINTS}: a 1-D heat stencil of POINTS doubles per rank on a ring, one
 *     {@code sendRecv} halo exchange each way and an {@code allReduce} of the change per step
 *     (compute-bound for large POINTS); prints {@code woven-cost heat ns=X} (per step, rank 0)
 *     and a checksum, so that the two runs are seen to do the same work.</li>
 * </ul>
 */
public final class WovenCost {
    private WovenCost() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        String what = args.length > 0 ? args[0] : "pingpong";
        if (what.equals("heat")) {
            heat(args.length > 1 ? Integer.parseInt(args[1]) : 2000, args.length > 2 ? Integer.parseInt(args[2]) : 20000);
        } else {
            pingPong(args.length > 1 ? Integer.parseInt(args[1]) : 200_000);
        }
        MPI.Finalize();
    }

    static void pingPong(int iters) throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        long[] msg = new long[1];
        int warm = iters / 5;
        long start = 0;
        for (int i = -warm; i < iters; i++) {
            if (i == 0) {
                start = System.nanoTime();
            }
            if (rank == 0) {
                msg[0] = i;
                world.send(msg, 1, MPI.LONG, 1, 7);
                world.recv(msg, 1, MPI.LONG, 1, 7);
            } else if (rank == 1) {
                world.recv(msg, 1, MPI.LONG, 0, 7);
                world.send(msg, 1, MPI.LONG, 0, 7);
            }
        }
        long ns = System.nanoTime() - start;
        if (rank == 0) {
            System.out.printf("woven-cost pingpong ns=%.1f%n", ns / (2.0 * iters));
        }
    }

    static void heat(int steps, int points) throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        double[] u = new double[points + 2];
        double[] next = new double[points + 2];
        for (int i = 1; i <= points; i++) {
            u[i] = Math.sin((rank * points + i) * 0.001);
        }
        double[] out = new double[1];
        double[] in = new double[1];
        double[] change = new double[1];
        double[] total = new double[1];
        int warm = steps / 5;
        long start = 0;
        for (int s = -warm; s < steps; s++) {
            if (s == 0) {
                start = System.nanoTime();
            }
            out[0] = u[points];
            world.sendRecv(out, 1, MPI.DOUBLE, right, 1, in, 1, MPI.DOUBLE, left, 1);
            u[0] = in[0];
            out[0] = u[1];
            world.sendRecv(out, 1, MPI.DOUBLE, left, 2, in, 1, MPI.DOUBLE, right, 2);
            u[points + 1] = in[0];
            double c = 0;
            for (int i = 1; i <= points; i++) {
                next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
                c += Math.abs(next[i] - u[i]);
            }
            double[] t = u;
            u = next;
            next = t;
            change[0] = c;
            world.allReduce(change, total, 1, MPI.DOUBLE, MPI.SUM);
        }
        long ns = System.nanoTime() - start;
        if (rank == 0) {
            System.out.printf("woven-cost heat ns=%.0f checksum=%.9e%n", ns / (double) steps, total[0]);
        }
    }
}
