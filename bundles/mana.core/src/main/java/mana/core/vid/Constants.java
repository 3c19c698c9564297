package mana.core.vid;

import mana.core.desc.Descriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;

/**
 * Maps each predefined handle to the lower-half object behind it. The environment wrapper
 * fills it when the lower half is loaded and again at {@code MPI.Init} (and at restart).
 * Values are the lower half's own objects, typed {@code Object} so this API never names them.
 */
public final class Constants {
    private static final Object[][] BY_KIND = new Object[Kind.LIMIT][];
    private static final Descriptor[][] DESCRIPTORS = new Descriptor[Kind.LIMIT][];

    static {
        for (int k = 0; k < Kind.LIMIT; k++) {
            BY_KIND[k] = new Object[Predefined.names(k).size()];
            DESCRIPTORS[k] = new Descriptor[Predefined.names(k).size()];
        }
    }

    /** Sets the descriptor of a predefined object (communicators: filled at MPI.Init). */
    public static void setDescriptor(int vid, Descriptor d) {
        if (!Vid.isPredefined(vid) || Vid.slot(vid) >= DESCRIPTORS[Vid.kind(vid)].length) {
            throw new IllegalArgumentException("not a predefined handle: " + Vid.toString(vid));
        }
        DESCRIPTORS[Vid.kind(vid)][Vid.slot(vid)] = d;
    }

    /** The descriptor of a predefined handle, or null (before MPI.Init, or kinds without one). */
    public static Descriptor descriptor(int vid) {
        int kind = Vid.kind(vid);
        int slot = Vid.slot(vid);
        if (!Vid.isPredefined(vid) || kind >= Kind.LIMIT || slot >= DESCRIPTORS[kind].length) {
            return null;
        }
        return DESCRIPTORS[kind][slot];
    }

    public static void set(int vid, Object lower) {
        if (!Vid.isPredefined(vid) || Vid.slot(vid) >= BY_KIND[Vid.kind(vid)].length) {
            throw new IllegalArgumentException("not a predefined handle: " + Vid.toString(vid));
        }
        BY_KIND[Vid.kind(vid)][Vid.slot(vid)] = lower;
    }

    /** The lower-half object of a predefined handle of the expected kind. No allocation, no lock. */
    public static Object get(int vid, int expectedKind) throws ManaException {
        int kind = Vid.kind(vid);
        if (kind != expectedKind || !Vid.isPredefined(vid)) {
            throw invalid(vid, expectedKind);
        }
        Object[] row = BY_KIND[kind];
        int slot = Vid.slot(vid);
        Object o = slot < row.length ? row[slot] : null;
        if (o == null) {
            throw invalid(vid, expectedKind);
        }
        return o;
    }

    public static ManaException invalid(int vid, int expectedKind) {
        String what = vid == Vid.NULL ? "the null handle"
                : Vid.kind(vid) != expectedKind
                ? Vid.toString(vid) + " is a " + Kind.name(Vid.kind(vid)) + " handle, not a " + Kind.name(expectedKind) + " handle"
                : Vid.toString(vid) + " is not a predefined " + Kind.name(expectedKind);
        return ManaException.of(errorClassOf(expectedKind), "invalid " + Kind.name(expectedKind) + ": " + what);
    }

    /** The MPI error class for an invalid object of a kind (MPI_ERR_COMM for communicators, ...). */
    public static int errorClassOf(int kind) {
        return switch (kind) {
            case Kind.COMM -> ErrorClass.COMM;
            case Kind.GROUP -> ErrorClass.GROUP;
            case Kind.DATATYPE -> ErrorClass.TYPE;
            case Kind.OP -> ErrorClass.OP;
            case Kind.REQUEST -> ErrorClass.REQUEST;
            case Kind.FILE -> ErrorClass.FILE;
            case Kind.INFO -> ErrorClass.INFO;
            case Kind.WIN -> ErrorClass.WIN;
            default -> ErrorClass.ARG;
        };
    }

    private Constants() {
    }
}
