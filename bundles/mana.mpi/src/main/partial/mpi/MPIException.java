package mpi;

/** An MPI error, with the error code and class of the failing call. */
public final class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    private int errorCode;
    private int errorClass;

    protected MPIException(int code, int clazz, String message) {
        super(message);
        errorCode = code;
        errorClass = clazz;
    }

    public MPIException(String message) {
        super(message);
    }

    public MPIException(Throwable cause) {
        super(cause);
        setStackTrace(cause.getStackTrace());
    }

    public int getErrorCode() {
        return errorCode;
    }

    public int getErrorClass() {
        return errorClass;
    }
}
