package mpi;

import mana.core.error.ErrorClass;
import mana.core.error.ErrorNumbers;
import mana.core.error.ManaException;
import mana.core.fn.CommProvider;
import mana.core.fn.FunctionTable;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;

/**
 * Turns a core error into the upper half's MPIException with the same code and class, and
 * applies the errhandler to errors MANA detects itself.
 *
 * <p>Policy. An error from the lower half has already met the lower half's errhandler (under
 * ERRORS_ARE_FATAL Open MPI aborted the job; under ERRORS_RETURN it threw), so it is only
 * converted. An error MANA detects itself (an invalid, freed, stale or forged handle, ...) is
 * handled like Open MPI handles an error: by the errhandler of the communicator of the call, or
 * of MPI_COMM_WORLD when there is none or it is itself invalid. Under ERRORS_RETURN the
 * MPIException is thrown; under ERRORS_ARE_FATAL (the default) the rank prints Open MPI's
 * message (on stderr, naming the problem and the communicator) and aborts the job through
 * MPI_Abort with the error class as status, as the raw binding's job exits. "No installed
 * wrapper bundle provides this function" (MPI_ERR_UNSUPPORTED_OPERATION) always throws: the
 * raw binding would have run the call, so there is no behaviour to copy and a stack trace is
 * the useful answer.
 */
final class ManaErrors {
    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    /** An error of a call without a communicator (MPI_COMM_WORLD's errhandler applies). */
    static MPIException of(ManaException e) {
        return of(e, WORLD, null);
    }

    /** An error of a call on {@code comm} (its errhandler applies; MPI_COMM_WORLD's if it is invalid). */
    static MPIException of(ManaException e, Comm comm) {
        return comm == null ? of(e, WORLD, null) : of(e, comm.vid, comm);
    }

    private static MPIException of(ManaException e, int commVid, Comm comm) {
        String message = e.getMessage();
        if (comm != null && comm.freed && commVid == Vid.NULL) {
            message = message + " (this communicator was freed by Comm.free)";
        }
        MPIException x = exception(e, message);
        if (e.getCause() != null && !fromLowerHalf(e)) {
            // Open MPI's own error has no cause in the raw binding: neither here (same trace, same getCause)
            x.initCause(e.getCause());
        }
        if (!fromLowerHalf(e) && e.errorClass() != ErrorClass.UNSUPPORTED_OPERATION && !errorsReturn(commVid)) {
            fatal(x, commVid);
        }
        return x;
    }

    /**
     * The application's MPIException for {@code e}: the lower half's own error as it is; MANA's own
     * (numbered as Open MPI numbers them, ErrorClass) in the running lower half's numbers.
     */
    static MPIException exception(ManaException e, String message) {
        if (fromLowerHalf(e)) {
            return new MPIException(e.errorCode(), e.errorClass(), message);
        }
        int cls = ErrorNumbers.toLowerHalf(e.errorClass());
        int code = e.errorCode() == e.errorClass() ? cls : e.errorCode();
        return new MPIException(code, cls, message);
    }

    /** Converted from the lower half's own MPIException (see mana.wrappers.base.Lower.error). */
    static boolean fromLowerHalf(ManaException e) {
        Throwable c = e.getCause();
        return c != null && c.getClass() != MPIException.class && c.getClass().getName().equals("mpi.MPIException");
    }

    private static boolean errorsReturn(int commVid) {
        if (!FunctionTable.isProvided(CommProvider.class)) {
            return true; // nothing knows the errhandler: throw
        }
        try {
            return FunctionTable.comm().errorsReturn(commVid);
        } catch (RuntimeException r) {
            return true;
        }
    }

    private static void fatal(MPIException x, int commVid) {
        int on = commVid;
        if (on == Vid.NULL || !errorsReturnKnown(on)) {
            on = WORLD;
        }
        String where = Predefined.name(on) != null ? "MPI_" + Predefined.name(on) : Vid.toString(on);
        abortJob(x, "communicator " + where, "communicator");
    }

    /**
     * Open MPI's ERRORS_ARE_FATAL for an error MANA detected: the message on stderr, then
     * MPI_Abort with the error class as status (a halt if even that fails).
     *
     * @param on what the error happened on ("communicator MPI_COMM_WORLD", "a file", ...)
     * @param scope whose processes abort ("communicator", "window")
     */
    static void abortJob(MPIException x, String on, String scope) {
        System.out.flush();
        System.err.println("*** An error occurred that MANA detected\n*** on " + on
                + "\n*** MPI error class " + x.getErrorClass() + ": " + x.getMessage()
                + "\n*** MPI_ERRORS_ARE_FATAL (processes in this " + scope + " will now abort,\n***    and potentially your MPI job)");
        System.err.flush();
        try {
            FunctionTable.env().abort(WORLD, x.getErrorClass());
        } catch (ManaException | RuntimeException a) {
            System.err.println("MANA: MPI_Abort failed (" + a.getMessage() + "); halting this rank");
        }
        Runtime.getRuntime().halt(x.getErrorClass() == 0 ? 1 : x.getErrorClass());
    }

    private static boolean errorsReturnKnown(int commVid) {
        return Vid.kind(commVid) == Kind.COMM && (Vid.isPredefined(commVid) || Handles.TABLE.isLive(commVid));
    }

    private ManaErrors() {
    }
}
