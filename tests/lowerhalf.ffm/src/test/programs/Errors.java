import mpi.*;

/** Errors as MPIException, with the same error class on every lower half. */
public class Errors {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        try {
            w.send(new int[1], 1, MPI.INT, w.getSize() + 5, 0);
            System.out.println("rank " + rank + ": no error?");
        } catch (MPIException e) {
            System.out.println("rank " + rank + ": bad rank -> class " + (e.getErrorClass() == MPI.ERR_RANK ? "ERR_RANK" : e.getErrorClass()));
        }
        try {
            w.send(new int[1], -1, MPI.INT, 0, 0);
            System.out.println("rank " + rank + ": no error?");
        } catch (MPIException e) {
            System.out.println("rank " + rank + ": negative count -> class " + (e.getErrorClass() == MPI.ERR_COUNT ? "ERR_COUNT" : e.getErrorClass()));
        }
        // A name nobody published: an MPIException on every lower half.
        try {
            String port = Intracomm.lookupName("mana-ffm-no-such-service");
            System.out.println("rank " + rank + ": lookupName found " + port);
        } catch (MPIException e) {
            String m = String.valueOf(e.getMessage());
            System.out.println("rank " + rank + ": lookupName -> " + (m.contains("MPI_Lookup_name") && m.contains("does not implement")
                    ? "unsupported by the FFM lower half" : "error"));
        }
        w.barrier();
        MPI.Finalize();
    }
}
