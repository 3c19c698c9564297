package mana.conformance.io;

import java.nio.IntBuffer;
import mpi.Datatype;
import mpi.File;
import mpi.MPI;
import mpi.MPIException;

/**
 * Bad file input through MANA (2 ranks; files default to ERRORS_RETURN): a closed file used
 * again, null and too small buffers, negative counts, an uncommitted filetype, a null data
 * representation or path. Each must give an MPIException of the expected class naming the
 * problem, write nothing, and never crash the JVM. Not run on the raw binding: it hands such
 * buffers to JNI unchecked. Usage: {@code FileBadInput DIR}.
 */
public final class FileBadInput {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;

    static void expect(String name, int errorClass, String words, Call c) {
        try {
            c.run();
            System.out.println("FAIL " + name + ": no exception");
        } catch (MPIException e) {
            boolean ok = e.getErrorClass() == errorClass && e.getMessage().contains(words);
            if (rank == 0 || !ok) {
                System.out.println((ok ? "OK " : "FAIL ") + name + ": class " + e.getErrorClass() + ": " + e.getMessage());
            }
        } catch (RuntimeException e) {
            System.out.println("FAIL " + name + ": " + e);
        }
    }

    static void same(String name, boolean ok) {
        if (rank == 0 || !ok) {
            System.out.println((ok ? "OK " : "FAIL ") + name);
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        String path = args[0] + "/bad-" + rank + ".dat";
        new java.io.File(path).delete();
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_CREATE | MPI.MODE_RDWR);

        expect("null buffer", MPI.ERR_BUFFER, "null", () -> f.writeAt(0, null, 1, MPI.INT));
        expect("count beyond the array", MPI.ERR_BUFFER, "span 20 bytes, the int[] holds 8",
                () -> f.writeAt(0, new int[2], 5, MPI.INT));
        expect("negative count", MPI.ERR_COUNT, "negative", () -> f.write(new int[2], -1, MPI.INT));
        expect("read into a too small array", MPI.ERR_BUFFER, "holds 4", () -> f.readAt(0, new int[1], 4, MPI.INT));
        expect("a direct buffer too small for iWriteAt", MPI.ERR_BUFFER, "direct",
                () -> f.iWriteAt(0, MPI.newIntBuffer(2), 3, MPI.INT));
        expect("not a buffer", MPI.ERR_BUFFER, "neither", () -> f.write("text", 1, MPI.INT));
        Datatype vec = Datatype.createVector(2, 1, 3, MPI.INT);
        expect("an uncommitted filetype", MPI.ERR_TYPE, "not committed", () -> f.setView(0, MPI.INT, vec, "native"));
        vec.free();
        expect("a null data representation", MPI.ERR_ARG, "null", () -> f.setView(0, MPI.INT, MPI.INT, null));
        same("nothing was written", f.getSize() == 0 && f.getView().getEType() == MPI.BYTE);
        f.writeAt(0, new int[] {42}, 1, MPI.INT);
        f.close();
        expect("a closed file used again", MPI.ERR_FILE, "closed by File.close", () -> f.getSize());
        expect("a closed file written", MPI.ERR_FILE, "closed by File.close", () -> f.writeAt(0, new int[] {1}, 1, MPI.INT));
        expect("a closed file closed again", MPI.ERR_FILE, "closed by File.close", f::close);
        expect("a null path", MPI.ERR_BAD_FILE, "null", () -> new File(MPI.COMM_SELF, null, MPI.MODE_RDONLY));
        File check = new File(MPI.COMM_SELF, path, MPI.MODE_RDONLY);
        int[] v = new int[2];
        check.readAt(0, v, 1, MPI.INT);
        same("the file holds only the good write", check.getSize() == 4 && v[0] == 42);
        check.close();
        File.delete(path);

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
