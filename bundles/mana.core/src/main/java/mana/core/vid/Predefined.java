package mana.core.vid;

import java.util.List;

/**
 * The predefined MPI objects of the Java API, by kind. A predefined handle is
 * {@code Vid.predefined(kind, index)} with the index of its name here; these are not
 * virtual objects: the {@link Constants} table maps each to the lower-half object.
 */
public final class Predefined {
    public static final List<String> COMMS = List.of("COMM_WORLD", "COMM_SELF");
    public static final List<String> DATATYPES = List.of("DATATYPE_NULL", "BYTE", "CHAR", "SHORT", "BOOLEAN",
            "INT", "LONG", "FLOAT", "DOUBLE", "PACKED", "INT2", "SHORT_INT", "LONG_INT", "FLOAT_INT", "DOUBLE_INT",
            "FLOAT_COMPLEX", "DOUBLE_COMPLEX");
    public static final List<String> OPS = List.of("MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR",
            "LXOR", "BXOR", "MINLOC", "MAXLOC", "REPLACE", "NO_OP");
    public static final List<String> GROUPS = List.of("GROUP_EMPTY");
    public static final List<String> REQUESTS = List.of("REQUEST_NULL");
    public static final List<String> INFOS = List.of("INFO_ENV", "INFO_NULL");
    public static final List<String> ERRHANDLERS = List.of("ERRORS_ARE_FATAL", "ERRORS_RETURN");

    /** Names of the predefined objects of a kind, empty for kinds without any. */
    public static List<String> names(int kind) {
        return switch (kind) {
            case Kind.COMM -> COMMS;
            case Kind.DATATYPE -> DATATYPES;
            case Kind.OP -> OPS;
            case Kind.GROUP -> GROUPS;
            case Kind.REQUEST -> REQUESTS;
            case Kind.INFO -> INFOS;
            case Kind.ERRHANDLER -> ERRHANDLERS;
            default -> List.of();
        };
    }

    /** The predefined handle named {@code name} (as in {@code mpi.MPI}) of a kind. */
    public static int handle(int kind, String name) {
        int i = names(kind).indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no predefined " + Kind.name(kind) + " named " + name);
        }
        return Vid.predefined(kind, i);
    }

    public static String name(int vid) {
        List<String> n = names(Vid.kind(vid));
        int slot = Vid.slot(vid);
        return Vid.isPredefined(vid) && slot < n.size() ? n.get(slot) : null;
    }

    private Predefined() {
    }
}
