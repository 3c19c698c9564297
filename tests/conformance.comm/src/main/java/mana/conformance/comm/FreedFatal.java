package mana.conformance.comm;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Uses a freed communicator under the default errhandler (ERRORS_ARE_FATAL): the job must
 * abort with a message, as with the raw binding (whose exit status is the error class).
 */
public final class FreedFatal {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm d = MPI.COMM_WORLD.dup();
        d.free();
        System.out.println("freed, isNull=" + d.isNull());
        System.out.flush();
        d.getRank();
        System.out.println("NOT REACHED");
        MPI.Finalize();
    }
}
