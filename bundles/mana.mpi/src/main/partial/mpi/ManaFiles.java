package mpi;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.FileProvider;
import mana.core.fn.FunctionTable;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;

/**
 * Errors of file calls. Files have their own errhandler, ERRORS_RETURN by default (MPI's
 * default for files and for MPI_FILE_NULL, which applies to File.open and File.delete): an
 * error the lower half raised is only converted (it met the lower file's errhandler already);
 * an error MANA detects itself (closed or forged file handle, bad buffer, ...) is thrown under
 * ERRORS_RETURN and aborts the job under ERRORS_ARE_FATAL, as Open MPI would.
 */
final class ManaFiles {
    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    static MPIException of(ManaException e, File file) {
        String message = e.getMessage();
        if (file != null && file.closed && file.vid == Vid.NULL) {
            message = message + " (this file was closed by File.close)";
        }
        MPIException x = ManaErrors.exception(e, message);
        if (e.getCause() != null) {
            x.initCause(e.getCause());
        }
        if (!ManaErrors.fromLowerHalf(e) && e.errorClass() != ErrorClass.UNSUPPORTED_OPERATION
                && !errorsReturn(file == null ? Vid.NULL : file.vid)) {
            fatal(x);
        }
        return x;
    }

    private static boolean errorsReturn(int fileVid) {
        if (!FunctionTable.isProvided(FileProvider.class)) {
            return true;
        }
        try {
            return FunctionTable.file().errorsReturn(fileVid);
        } catch (RuntimeException r) {
            return true;
        }
    }

    private static void fatal(MPIException x) {
        ManaErrors.abortJob(x, "a file", "communicator");
    }

    private ManaFiles() {
    }
}
