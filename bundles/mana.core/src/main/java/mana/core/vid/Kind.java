package mana.core.vid;

/** The kind field (bits 28-31) of a virtual handle. Kind 0 is never valid, so handle 0 is null. */
public final class Kind {
    public static final int COMM = 1;
    public static final int GROUP = 2;
    public static final int DATATYPE = 3;
    public static final int OP = 4;
    public static final int REQUEST = 5;
    public static final int FILE = 6;
    public static final int WIN = 7;
    public static final int INFO = 8;
    public static final int ERRHANDLER = 9;
    public static final int MESSAGE = 10;
    /**
     * The buffer attached for buffered sends ({@code MPI_Buffer_attach}): not a handle the
     * application holds, but a descriptor kind of its own, so a checkpoint saves it.
     */
    public static final int BSEND_BUFFER = 11;
    /** Number of kind values (the field has 4 bits). */
    public static final int LIMIT = 16;

    private static final String[] NAMES = {"invalid", "communicator", "group", "datatype", "op", "request",
        "file", "window", "info", "errhandler", "message", "bsend buffer", "kind12", "kind13", "kind14", "kind15"};

    /** Whether {@code kind} is one MANA gives handles of (not 0, not an unused value). */
    public static boolean isObjectKind(int kind) {
        return kind >= COMM && kind <= BSEND_BUFFER;
    }

    public static String name(int kind) {
        return kind >= 0 && kind < LIMIT ? NAMES[kind] : "kind" + kind;
    }

    private Kind() {
    }
}
