package mana.conformance.types;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Rank 0 sends an int array to rank 1; prints OK on success. Exit code 1 on any mismatch. */
public class Smoke {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] buf = new int[3];
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {7, 8, 9}, 3, MPI.INT, 1, 5);
        } else if (rank == 1) {
            Status s = MPI.COMM_WORLD.recv(buf, 3, MPI.INT, 0, 5);
            if (buf[2] != 9 || s.getSource() != 0 || s.getTag() != 5 || s.getCount(MPI.INT) != 3) {
                System.out.println("FAIL smoke");
                System.exit(1);
            }
            System.out.println("OK smoke");
        }
        MPI.Finalize();
    }
}
