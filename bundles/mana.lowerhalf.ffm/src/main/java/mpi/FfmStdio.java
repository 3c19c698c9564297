package mpi;

import java.lang.invoke.MethodHandle;

/**
 * The rank's stdout and stderr, read by the launcher before MPI_Abort. MPICH's hydra kills
 * every process of the job at an abort and drops what its proxy has not read yet from their
 * pipes (an error message written just before the abort was lost about one time in six on a
 * loaded machine); what the proxy has read it forwards first. So the abort waits, at most
 * {@link #MAX_WAIT_MS}, until nothing written is left unread (shim: FIONREAD on the pipe).
 */
final class FfmStdio {
    static final long MAX_WAIT_MS = 2000;
    private static final class UNREAD { static final MethodHandle H = FfmLib.fn("mana_unread", "int int"); }

    private FfmStdio() {
    }

    static void drain() {
        System.out.flush();
        System.err.flush();
        long deadline = System.nanoTime() + MAX_WAIT_MS * 1_000_000;
        try {
            while ((unread(1) > 0 || unread(2) > 0) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int unread(int fd) {
        try {
            return (int) UNREAD.H.invokeExact(fd);
        } catch (Throwable t) {
            return 0; // an older shim without mana_unread: abort at once, as before
        }
    }
}
