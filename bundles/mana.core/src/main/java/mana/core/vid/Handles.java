package mana.core.vid;

import mana.core.desc.Descriptor;
import mana.core.error.ManaException;

/**
 * The rank's one handle table, for wrappers: {@code Handles.lower(vid, Kind.COMM)} gives the
 * lower-half object behind a virtual or predefined handle, or a clear error.
 */
public final class Handles {
    public static final VidTable TABLE = new VidTable();

    public static Object lower(int vid, int kind) throws ManaException {
        return TABLE.lower(vid, kind);
    }

    /**
     * The entry of a live or predefined handle of {@code kind}: its lower-half object (not null)
     * and its descriptor from one lookup, for wrappers that need both on their hot path.
     * Invalid handles give the same error as {@link #lower}.
     */
    public static VidTable.Entry entry(int vid, int kind) throws ManaException {
        if ((vid & 0x0F000000) == 0) {
            return Constants.entry(vid, kind); // predefined (generation 0), or a clear error
        }
        VidTable.Entry e = TABLE.entry(vid, kind);
        if (e.lower() == null) {
            throw TABLE.invalid(vid, kind); // freed while we looked
        }
        return e;
    }

    /**
     * The descriptor behind a live or predefined handle (null if it has none), for wrappers
     * that update counters. Invalid handles give the same error as {@link #lower}.
     */
    public static Descriptor descriptor(int vid, int kind) throws ManaException {
        if (Vid.isPredefined(vid)) {
            Constants.get(vid, kind); // validates
            return Constants.descriptor(vid);
        }
        return TABLE.entry(vid, kind).descriptor();
    }

    private static volatile Object internalWorld;

    /** The platform's own duplicate of MPI_COMM_WORLD for its internal messages (lower-half object). */
    public static Object internalWorld() {
        return internalWorld;
    }

    public static void setInternalWorld(Object lowerComm) {
        internalWorld = lowerComm;
    }

    private Handles() {
    }
}
