import java.nio.IntBuffer;
import mpi.*;

/**
 * Bad arguments straight into the lower half (no MANA in front): each case prints the error
 * class by name or the exception's class, and the job goes on. The FFM lower half checks what
 * the C library would not survive (MPICH: a negative count in MPI_Allreduce; any library: a
 * direct buffer shorter than the call, a forged communicator handle). Arguments: cases to skip
 * (the JNI binding crashes on the short buffers and the forged handle).
 */
public class BadArgs {
    interface Call {
        void run() throws MPIException;
    }

    /** A communicator made from a number: the handle no MPI call returned. */
    static final class Forged extends Intracomm {
        Forged(long handle) {
            super(handle);
        }
    }

    static int rank;
    static java.util.Set<String> skip;

    static void expect(String name, Call c) throws MPIException {
        if (skip.contains(name.replace(' ', '-'))) {
            return;
        }
        String r;
        try {
            c.run();
            r = "no error";
        } catch (MPIException e) {
            r = name(e.getErrorClass());
        } catch (RuntimeException e) {
            r = e.getClass().getSimpleName();
        }
        System.out.println("rank " + rank + ": " + name + " -> " + r);
        MPI.COMM_WORLD.barrier();
    }

    static String name(int cls) {
        if (cls == MPI.ERR_COUNT) {
            return "ERR_COUNT";
        }
        if (cls == MPI.ERR_BUFFER) {
            return "ERR_BUFFER";
        }
        if (cls == MPI.ERR_COMM) {
            return "ERR_COMM";
        }
        if (cls == MPI.ERR_ARG) {
            return "ERR_ARG";
        }
        if (cls == MPI.ERR_TYPE) {
            return "ERR_TYPE";
        }
        return "class " + cls;
    }

    public static void main(String[] args) throws MPIException {
        skip = new java.util.HashSet<>(java.util.Arrays.asList(MPI.Init(args)));
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer small = MPI.newIntBuffer(2);
        IntBuffer big = MPI.newIntBuffer(16);
        expect("negative count in allReduce", () -> w.allReduce(new int[4], new int[4], -1, MPI.INT, MPI.SUM));
        expect("negative count in iAllReduce", () -> w.iAllReduce(big, MPI.newIntBuffer(16), -3, MPI.INT, MPI.SUM).waitFor());
        expect("negative count in bcast", () -> w.bcast(big, -2, MPI.INT, 0));
        expect("short direct buffer in iBcast", () -> w.iBcast(small, 8, MPI.INT, 0).waitFor());
        expect("short direct buffer in iAllReduce", () -> w.iAllReduce(big, small, 8, MPI.INT, MPI.SUM).waitFor());
        expect("short array in allReduce", () -> w.allReduce(new int[2], new int[8], 8, MPI.INT, MPI.SUM));
        expect("forged communicator in barrier", () -> new Forged(0x5eed00L).barrier());
        expect("forged communicator in send", () -> new Forged(0x5eed00L).send(new int[1], 1, MPI.INT, 0, 0));
        Intracomm dup = w.dup();
        dup.free();
        expect("freed communicator in barrier", dup::barrier);
        // classes the libraries choose differently; the FFM lower half answers as Open MPI's binding
        expect("negative indexed block length", () -> Datatype.createIndexed(new int[] {-1}, new int[] {0}, MPI.INT));
        expect("negative hindexed block length", () -> Datatype.createHIndexed(new int[] {2, -1}, new int[] {0, 8}, MPI.INT));
        int n = w.getSize();
        expect("null entries in allToAllw types", () -> w.allToAllw(MPI.newByteBuffer(4 * n), new int[n], new int[n],
                new Datatype[n], MPI.newByteBuffer(4 * n), new int[n], new int[n], new Datatype[n]));
        fileReads();
        expect("fitting arguments in allReduce", () -> w.allReduce(new int[4], new int[4], 4, MPI.INT, MPI.SUM));
        w.barrier();
        MPI.Finalize();
    }

    /** Short arrays and negative counts in MPI-IO reads: the JNI binding's copy throws after the read. */
    static void fileReads() throws MPIException {
        java.io.File tmp;
        try {
            tmp = java.io.File.createTempFile("badargs-" + rank + "-", ".dat");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        File f = new File(MPI.COMM_SELF, tmp.getPath(), MPI.MODE_RDWR);
        f.writeAt(0, new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 8, MPI.INT);
        expect("short array in File.readAt", () -> f.readAt(0, new int[2], 5, MPI.INT));
        expect("short array in File.read", () -> f.read(new int[3], 4, MPI.INT));
        System.out.println("rank " + rank + ": file position after the short read -> " + f.getPosition());
        expect("negative count in File.readAt into an array", () -> f.readAt(0, new int[2], -1, MPI.INT));
        expect("negative count in File.readAt into a direct buffer", () -> f.readAt(0, MPI.newIntBuffer(2), -1, MPI.INT));
        f.close();
        tmp.delete();
    }
}
