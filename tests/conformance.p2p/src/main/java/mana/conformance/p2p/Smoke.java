package mana.conformance.p2p;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Rank 0 sends an int array to rank 1; prints OK on success. Exit code 1 on any mismatch. Rank 1
 * also prints MPI's special ranks and a few constants by number: Open MPI 4.1's on every lower
 * half (MPICH's own ANY_SOURCE is -2, PROC_NULL -1, ROOT -3, CART 2, ERR_WIN 45), and receives
 * from ANY_SOURCE and PROC_NULL kept in locals.
 */
public class Smoke {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int[] buf = new int[3];
        if (rank == 0) {
            MPI.COMM_WORLD.send(new int[] {7, 8, 9}, 3, MPI.INT, 1, 5);
        } else if (rank == 1) {
            int anySource = MPI.ANY_SOURCE;
            int nobody = MPI.PROC_NULL;
            Status s = MPI.COMM_WORLD.recv(buf, 3, MPI.INT, anySource, 5);
            Status none = MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, nobody, 5);
            if (buf[2] != 9 || s.getSource() != 0 || s.getTag() != 5 || s.getCount(MPI.INT) != 3
                    || none.getSource() != nobody || none.getTag() != MPI.ANY_TAG) {
                System.out.println("FAIL smoke");
                System.exit(1);
            }
            System.out.println("constants ANY_SOURCE=" + MPI.ANY_SOURCE + " PROC_NULL=" + MPI.PROC_NULL + " ROOT=" + MPI.ROOT
                    + " UNDEFINED=" + MPI.UNDEFINED + " ANY_TAG=" + MPI.ANY_TAG + " CART=" + MPI.CART + " ERR_WIN=" + MPI.ERR_WIN
                    + " LOCK_SHARED=" + MPI.LOCK_SHARED + " KEYVAL_INVALID=" + MPI.KEYVAL_INVALID);
            System.out.println("OK smoke");
        }
        MPI.Finalize();
    }
}
