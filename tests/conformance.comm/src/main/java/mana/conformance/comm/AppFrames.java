package mana.conformance.comm;

import mpi.MPI;
import mpi.MPIException;

/**
 * What a program sees of how it was started: the bottom frame of the main thread (test suites
 * name the failing file from it), MPI_INFO_ENV "command" and "argv", its reserved keys and (another
 * line) the library's own keys (Open MPI's ompi_*), and, with the argument
 * "throw", an exception escaping main after MPI.Finalize.
 */
public final class AppFrames {
    /** MPI_INFO_ENV's keys the standard reserves (MPI 4.0, 11.2.4); others are the library's own. */
    static final java.util.Set<String> RESERVED = java.util.Set.of("command", "argv", "maxprocs", "soft", "host", "arch",
            "wdir", "file", "thread_level");

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        StackTraceElement[] stack = Thread.currentThread().getStackTrace();
        StackTraceElement bottom = stack[stack.length - 1];
        System.out.println("rank " + rank + " bottom=" + bottom.getClassName() + "." + bottom.getMethodName()
                + " file=" + bottom.getFileName() + " thread=" + Thread.currentThread().getName());
        System.out.println("rank " + rank + " command=" + MPI.INFO_ENV.get("command") + " argv=" + MPI.INFO_ENV.get("argv"));
        StringBuilder keys = new StringBuilder();
        StringBuilder own = new StringBuilder();
        for (int i = 0; i < MPI.INFO_ENV.size(); i++) {
            String k = MPI.INFO_ENV.getKey(i);
            (RESERVED.contains(k) ? keys : own).append(' ').append(k);
        }
        System.out.println("rank " + rank + " keys:" + keys);
        System.out.println("rank " + rank + " library keys:" + own);
        MPI.Finalize();
        if (args.length > 0 && args[0].equals("throw")) {
            throw new IllegalStateException("escaped main on rank " + rank);
        }
    }
}
