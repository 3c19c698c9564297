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
        expect("fitting arguments in allReduce", () -> w.allReduce(new int[4], new int[4], 4, MPI.INT, MPI.SUM));
        w.barrier();
        MPI.Finalize();
    }
}
