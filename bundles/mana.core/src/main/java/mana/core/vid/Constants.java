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
    /** Predefined handles per kind at most: a predefined handle's slot is below this. */
    static final int PER_KIND = 64;
    /**
     * One entry per predefined handle, all kinds in one flat array: index (kind * PER_KIND +
     * slot), so a lookup is one mask-and-compare, one index and one load.
     */
    private static final VidTable.Entry[] ENTRIES = new VidTable.Entry[Kind.LIMIT * PER_KIND];
    /** The bits that must be zero in a predefined handle besides its kind (generation 0, slot below PER_KIND). */
    private static final int NOT_KIND_OR_SLOT = 0x0FFFFFFF & ~(PER_KIND - 1);

    static {
        for (int k = 0; k < Kind.LIMIT; k++) {
            int n = Predefined.names(k).size();
            if (n > PER_KIND) {
                throw new ExceptionInInitializerError("more than " + PER_KIND + " predefined " + Kind.name(k) + " handles");
            }
            for (int i = 0; i < n; i++) {
                ENTRIES[k * PER_KIND + i] = VidTable.Entry.predefined(Vid.predefined(k, i));
            }
        }
    }

    /** The entry of a predefined handle, or null if {@code vid} is none (any kind). */
    private static VidTable.Entry slot(int vid) {
        if ((vid & NOT_KIND_OR_SLOT) != 0) {
            return null;
        }
        return ENTRIES[(vid >>> 28) * PER_KIND + (vid & (PER_KIND - 1))];
    }

    private static VidTable.Entry slotOrThrow(int vid) {
        VidTable.Entry e = slot(vid);
        if (e == null) {
            throw new IllegalArgumentException("not a predefined handle: " + Vid.toString(vid));
        }
        return e;
    }

    /** Sets the descriptor of a predefined object (communicators: filled at MPI.Init). */
    public static void setDescriptor(int vid, Descriptor d) {
        slotOrThrow(vid).setPredefinedDescriptor(d);
    }

    /** The descriptor of a predefined handle, or null (before MPI.Init, or kinds without one). */
    public static Descriptor descriptor(int vid) {
        VidTable.Entry e = slot(vid);
        return e == null ? null : e.descriptor();
    }

    public static void set(int vid, Object lower) {
        slotOrThrow(vid).setPredefinedLower(lower);
    }

    /** The lower-half object of a predefined handle of the expected kind. No allocation, no lock. */
    public static Object get(int vid, int expectedKind) throws ManaException {
        return entry(vid, expectedKind).lower();
    }

    /**
     * The entry (lower-half object and descriptor) of a predefined handle of the expected kind
     * whose lower-half object is set; otherwise the error {@link #invalid} gives.
     */
    public static VidTable.Entry entry(int vid, int expectedKind) throws ManaException {
        if ((vid & ~(PER_KIND - 1)) == (expectedKind << 28)) {
            VidTable.Entry e = ENTRIES[expectedKind * PER_KIND + (vid & (PER_KIND - 1))];
            if (e != null && e.lower() != null) {
                return e;
            }
        }
        throw invalid(vid, expectedKind);
    }

    public static ManaException invalid(int vid, int expectedKind) {
        String what = vid == Vid.NULL ? "the null handle"
                : !Kind.isObjectKind(Vid.kind(vid)) ? Vid.toString(vid) + " is not a handle of any kind (forged handle?)"
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
