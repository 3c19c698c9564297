package mana.conformance.rma;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.Win;

/**
 * An error MANA detects on a window whose errhandler is ERRORS_ARE_FATAL (every window's
 * default), while MPI_COMM_WORLD returns errors: the job must abort, as Open MPI does for an
 * error raised on such a window. Prints NOT REACHED if it goes on.
 */
public final class WinFatal {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer wb = MPI.newIntBuffer(4);
        Win w = new Win(wb, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        w.fence(0);
        try {
            w.put(MPI.newIntBuffer(1), 3, MPI.INT, 0, 0, 3, MPI.INT);
        } catch (Exception e) {
            System.out.println("NOT REACHED: " + e);
        }
        System.out.println("NOT REACHED");
        w.fence(0);
        w.free();
        MPI.Finalize();
    }
}
