package mana.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * Rank 0 calls {@code MPI.COMM_WORLD.abort(3)} right after Init; the other ranks wait in a
 * barrier that never completes. The job must end with a non-zero exit status (mpirun's is 3).
 *
 * <pre>mana run -np 2 --class mana.examples.Abort examples/target/mana-examples.jar</pre>
 */
public final class Abort {
    public static final int CODE = 3;

    private Abort() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.println("rank 0: aborting with code " + CODE);
            System.out.flush();
            MPI.COMM_WORLD.abort(CODE);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
