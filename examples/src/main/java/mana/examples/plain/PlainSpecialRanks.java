package mana.examples.plain;

import mpi.CartComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;
import mpi.Status;

/**
 * MPI's special ranks kept in the program's own variables across a transparent checkpoint, as
 * any program keeps them: {@code MPI.ANY_SOURCE} and {@code MPI.PROC_NULL} copied into locals
 * once, and a non-periodic line's neighbours from {@code Cart.shift} (PROC_NULL at both ends).
 * Each step every rank passes a value right along the line ({@code sendRecv}; the ends send to
 * or receive from PROC_NULL), the other ranks send to rank 0, which receives from its local
 * ANY_SOURCE, and all agree on a sum ({@code allReduce}). Restarted on another MPI library these
 * numbers must keep their meaning (Open MPI and MPICH give ANY_SOURCE and PROC_NULL each
 * other's values: MANA's API has Open MPI's on every library). Rank 0 prints every tenth step
 * and a checksum. Arguments: [steps] [ms rank 0 sleeps per step].
 */
public class PlainSpecialRanks {

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        long ms = args.length > 1 ? Long.parseLong(args[1]) : 0;
        int anySource = MPI.ANY_SOURCE;
        int nobody = MPI.PROC_NULL;
        CartComm line = world.createCart(new int[] {size}, new boolean[] {false}, false);
        ShiftParms shift = line.shift(0, 1);
        int left = shift.getRankSource();
        int right = shift.getRankDest();
        long checksum = 17;
        for (int i = 0; i < steps; i++) {
            long[] got = {-1};
            Status st = line.sendRecv(new long[] {rank * 1000L + i}, 1, MPI.LONG, right, 1, got, 1, MPI.LONG, left, 1);
            // from PROC_NULL nothing arrives (the buffer's content is the binding's business)
            long fromLeft = st.getSource() == nobody ? -7 : got[0];
            long fan = 0;
            if (rank == 0) {
                for (int k = 1; k < size; k++) {
                    long[] v = new long[1];
                    Status s = world.recv(v, 1, MPI.LONG, anySource, 100 + i % 50);
                    fan += v[0] * (s.getSource() + 1);
                }
            } else {
                world.send(new long[] {fromLeft + rank}, 1, MPI.LONG, 0, 100 + i % 50);
            }
            world.send(new long[] {i}, 1, MPI.LONG, nobody, 3); // goes nowhere
            long[] sum = {fromLeft * 7 + fan + (left == nobody ? 1 : 0) + (right == nobody ? 2 : 0)};
            world.allReduce(sum, 1, MPI.LONG, MPI.SUM);
            checksum = checksum * 1_000_003L + sum[0];
            if (rank == 0 && i % 10 == 9) {
                System.out.println("step " + (i + 1) + " sum " + sum[0]);
            }
            if (ms > 0 && rank == 0) {
                Thread.sleep(ms);
            }
        }
        if (rank == 0) {
            System.out.println("special ranks checksum " + checksum + " after " + steps + " steps");
        }
        line.free();
        MPI.Finalize();
    }
}
