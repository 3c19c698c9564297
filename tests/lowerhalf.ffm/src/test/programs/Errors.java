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
        // MPI-IO: not in the FFM lower half yet. One file name for all ranks, from rank 0.
        byte[] name = new byte[200];
        if (rank == 0) {
            byte[] n = (System.getProperty("java.io.tmpdir") + "/mana-ffm-errors-" + System.nanoTime()).getBytes();
            System.arraycopy(n, 0, name, 0, n.length);
        }
        w.bcast(name, name.length, MPI.BYTE, 0);
        String path = new String(name).trim();
        try {
            File f = new File(w, path, MPI.MODE_CREATE | MPI.MODE_WRONLY | MPI.MODE_DELETE_ON_CLOSE);
            f.close();
            System.out.println("rank " + rank + ": file works");
        } catch (MPIException e) {
            String m = String.valueOf(e.getMessage());
            System.out.println("rank " + rank + ": file -> " + (m.contains("MPI_File_open") && m.contains("does not implement")
                    ? "unsupported by the FFM lower half" : "error " + e.getErrorClass()));
        }
        w.barrier();
        MPI.Finalize();
    }
}
