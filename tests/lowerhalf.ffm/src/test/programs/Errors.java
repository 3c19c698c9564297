import mpi.*;

/** Errors as MPIException: MPI's own, and what the FFM lower half does not implement (yet). */
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
        try {
            Win win = new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL, w);
            win.fence(0);
            win.free();
            System.out.println("rank " + rank + ": window works");
        } catch (MPIException e) {
            String m = String.valueOf(e.getMessage());
            System.out.println("rank " + rank + ": window -> " + (m.contains("MPI_Win_create") && m.contains("does not implement")
                    ? "unsupported by the FFM lower half" : "error " + e.getErrorClass()));
        }
        w.barrier();
        MPI.Finalize();
    }
}
