package mana.examples.plain;

import java.nio.DoubleBuffer;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A 1-D diffusion on a ring of ranks with non-blocking halo exchange, written as any Open MPI
 * Java program is: no MANA import, no safe point, no collective. Each step every rank posts
 * {@code iRecv} for both ghost cells, {@code iSend}s its two edge cells and waits for the four
 * requests with {@code Request.waitAll}, then updates its cells. Rank 0 prints its cells' sum
 * every tenth step; at the end rank 0 gathers every rank's sum with blocking receives and prints
 * the total. A transparent checkpoint cuts it at its {@code waitAll} (receives still pending are
 * saved and re-posted into the buffers the program holds). With {@code poll} it spins on
 * {@code Request.testAll} instead of waiting (an overlap loop; a checkpoint cuts it at a test).
 * Arguments: [steps] [ms rank 0 sleeps per step] [wait|poll].
 */
public class PlainHalo {
    static final int CELLS = 32;

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        boolean poll = args.length > 2 && args[2].equals("poll");
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        double[] u = new double[CELLS + 2]; // u[0] and u[CELLS + 1] are the ghost cells
        for (int i = 1; i <= CELLS; i++) {
            u[i] = rank * CELLS + i;
        }
        DoubleBuffer fromLeft = MPI.newDoubleBuffer(1);
        DoubleBuffer fromRight = MPI.newDoubleBuffer(1);
        DoubleBuffer toLeft = MPI.newDoubleBuffer(1);
        DoubleBuffer toRight = MPI.newDoubleBuffer(1);
        for (int step = 0; step < steps; step++) {
            if (rank == 0 && ms > 0) {
                Thread.sleep(ms);
            }
            toLeft.put(0, u[1]);
            toRight.put(0, u[CELLS]);
            Request[] halo = {
                world.iRecv(fromLeft, 1, MPI.DOUBLE, left, 1),
                world.iRecv(fromRight, 1, MPI.DOUBLE, right, 2),
                world.iSend(toRight, 1, MPI.DOUBLE, right, 1),
                world.iSend(toLeft, 1, MPI.DOUBLE, left, 2)
            };
            if (poll) {
                while (!Request.testAll(halo)) {
                    Thread.onSpinWait();
                }
            } else {
                Request.waitAll(halo);
            }
            u[0] = fromLeft.get(0);
            u[CELLS + 1] = fromRight.get(0);
            double[] next = new double[CELLS + 2];
            for (int i = 1; i <= CELLS; i++) {
                next[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
            }
            u = next;
            if (rank == 0 && step % 10 == 9) {
                System.out.println("step " + (step + 1) + " sum " + sum(u));
            }
        }
        double[] mine = {sum(u)};
        if (rank == 0) {
            double total = mine[0];
            for (int r = 1; r < size; r++) {
                world.recv(mine, 1, MPI.DOUBLE, r, 9);
                total += mine[0];
            }
            System.out.println("plain halo total " + total + " after " + steps + " steps");
        } else {
            world.send(mine, 1, MPI.DOUBLE, 0, 9);
        }
        MPI.Finalize();
    }

    static double sum(double[] u) {
        double s = 0;
        for (int i = 1; i <= CELLS; i++) {
            s += u[i];
        }
        return s;
    }
}
