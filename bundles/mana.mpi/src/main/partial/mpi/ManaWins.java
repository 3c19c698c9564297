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
        if (!live || ManaErrors.fromLowerHalf(e) || e.errorClass() == ErrorClass.UNSUPPORTED_OPERATION) {
            ManaException m = e;
            if (win != null && win.freed && win.vid == Vid.NULL) {
                m = new ManaException(e.errorCode(), e.errorClass(),
                        e.getMessage() + " (this window was freed by Win.free)", e.getCause());
            }
            return ManaErrors.of(m);
        }
        MPIException x = ManaErrors.exception(e, e.getMessage());
        if (e.getCause() != null) {
            x.initCause(e.getCause());
        }
        if (!errorsReturn(vid)) {
            fatal(x);
        }
        return x;
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
        ManaErrors.abortJob(x, "a window", "window");
    }

    private ManaWins() {
    }
}
