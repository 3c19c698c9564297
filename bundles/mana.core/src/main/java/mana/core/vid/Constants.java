package mana.core.vid;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;

/**
 * Maps each predefined handle to the lower-half object behind it. The environment wrapper
 * fills it when the lower half is loaded and again at {@code MPI.Init} (and at restart).
 * Values are the lower half's own objects, typed {@code Object} so this API never names them.
 */
public final class Constants {
    private static final Object[][] BY_KIND = new Object[Kind.LIMIT][];

    static {
        for (int k = 0; k < Kind.LIMIT; k++) {
            BY_KIND[k] = new Object[Predefined.names(k).size()];
        }
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
        int errorClass = switch (expectedKind) {
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
        String what = vid == Vid.NULL ? "a null handle"
                : Vid.kind(vid) != expectedKind ? "a " + Kind.name(Vid.kind(vid)) + " handle " + Vid.toString(vid)
                : "an unknown handle " + Vid.toString(vid);
        return ManaException.of(errorClass, "invalid " + Kind.name(expectedKind) + ": " + what);
    }

    private Constants() {
    }
}
