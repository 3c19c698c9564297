package mana.core.error;

/**
 * MPI error classes, with the values of Open MPI 4.1's mpi.h. MANA's own errors are made with these;
 * the upper half hands them to the application in the running lower half's numbering ({@link ErrorNumbers}).
 */
public final class ErrorClass {
    public static final int SUCCESS = 0;
    public static final int BUFFER = 1;
    public static final int COUNT = 2;
    public static final int TYPE = 3;
    public static final int TAG = 4;
    public static final int COMM = 5;
    public static final int RANK = 6;
    public static final int REQUEST = 7;
    public static final int ROOT = 8;
    public static final int GROUP = 9;
    public static final int OP = 10;
    public static final int TOPOLOGY = 11;
    public static final int DIMS = 12;
    public static final int ARG = 13;
    public static final int UNKNOWN = 14;
    public static final int TRUNCATE = 15;
    public static final int OTHER = 16;
    public static final int INTERN = 17;
    public static final int AMODE = 21;
    public static final int BAD_FILE = 23;
    public static final int FILE = 30;
    public static final int INFO_KEY = 31;
    public static final int INFO_NOKEY = 32;
    public static final int INFO_VALUE = 33;
    public static final int INFO = 34;
    public static final int UNSUPPORTED_OPERATION = 52;
    public static final int WIN = 53;

    private ErrorClass() {
    }
}
