package mana.core.error;

/**
 * An MPI error as it crosses from a wrapper bundle to the upper half: the MPI error code,
 * its error class and a message. Neither {@code mpi} package appears here; the upper half
 * turns it into its own {@code mpi.MPIException} with the same code and class.
 */
public class ManaException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    public ManaException(int errorCode, int errorClass, String message) {
        super(message);
        this.errorCode = errorCode;
        this.errorClass = errorClass;
    }

    public ManaException(int errorCode, int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorCode;
        this.errorClass = errorClass;
    }

    /** An error MANA itself detects (bad handle, missing function): code and class are equal. */
    public static ManaException of(int errorClass, String message) {
        return new ManaException(errorClass, errorClass, message);
    }

    public int errorCode() {
        return errorCode;
    }

    public int errorClass() {
        return errorClass;
    }
}
