package mana.conformance.io;

import mpi.File;
import mpi.MPI;

/**
 * A file whose errhandler is ERRORS_ARE_FATAL, given a direct buffer too short for the call: the
 * job must abort (2 ranks). Usage: {@code FileFatal DIR}.
 */
public final class FileFatal {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        String path = args[0] + "/fatal-" + rank + ".dat";
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
        f.setErrhandler(MPI.ERRORS_ARE_FATAL);
        f.writeAt(0, MPI.newIntBuffer(1), 4, MPI.INT); // MANA: the direct buffer is too small
        System.out.println("NOT REACHED");
        MPI.Finalize();
    }
}
