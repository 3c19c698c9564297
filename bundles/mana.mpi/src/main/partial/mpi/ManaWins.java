package mpi;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.RmaProvider;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;

/**
 * Errors of window calls, handled as Open MPI handles them. An error the lower half raised is
 * only converted (it met the lower window's errhandler already). An error MANA detects itself
 * goes to the window's errhandler when the window is live (ERRORS_ARE_FATAL by default, as for
 * every MPI window), and to MPI_COMM_WORLD's when the window is invalid, freed or null: Open MPI
 * raises MPI_ERR_WIN on MPI_COMM_WORLD there.
 */
final class ManaWins {
    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    static boolean predefinedKeyval(int keyval) {
        return keyval == MPI.WIN_BASE || keyval == MPI.WIN_SIZE || keyval == MPI.WIN_DISP_UNIT;
    }

    static MPIException of(ManaException e, Win win) {
        int vid = win == null ? Vid.NULL : win.vid;
        boolean live = vid != Vid.NULL && Handles.TABLE.isLive(vid);
        if (!live || fromLowerHalf(e) || e.errorClass() == ErrorClass.UNSUPPORTED_OPERATION) {
            ManaException m = e;
            if (win != null && win.freed && win.vid == Vid.NULL) {
                m = new ManaException(e.errorCode(), e.errorClass(),
                        e.getMessage() + " (this window was freed by Win.free)", e.getCause());
            }
            return ManaErrors.of(m);
        }
        MPIException x = new MPIException(e.errorCode(), e.errorClass(), e.getMessage());
        if (e.getCause() != null) {
            x.initCause(e.getCause());
        }
        if (!errorsReturn(vid)) {
            fatal(x);
        }
        return x;
    }

    private static boolean fromLowerHalf(ManaException e) {
        Throwable c = e.getCause();
        return c != null && c.getClass() != MPIException.class && c.getClass().getName().equals("mpi.MPIException");
    }

    private static boolean errorsReturn(int vid) {
        if (!FunctionTable.isProvided(RmaProvider.class)) {
            return true;
        }
        try {
            return FunctionTable.rma().errorsReturn(vid);
        } catch (RuntimeException r) {
            return true;
        }
    }

    private static void fatal(MPIException x) {
        System.out.flush();
        System.err.println("*** An error occurred that MANA detected\n*** on a window\n*** MPI error class "
                + x.getErrorClass() + ": " + x.getMessage()
                + "\n*** MPI_ERRORS_ARE_FATAL (processes in this window will now abort,\n***    and potentially your MPI job)");
        System.err.flush();
        try {
            FunctionTable.env().abort(WORLD, x.getErrorClass());
        } catch (ManaException | RuntimeException a) {
            System.err.println("MANA: MPI_Abort failed (" + a.getMessage() + "); halting this rank");
        }
        Runtime.getRuntime().halt(x.getErrorClass() == 0 ? 1 : x.getErrorClass());
    }

    private ManaWins() {
    }
}
