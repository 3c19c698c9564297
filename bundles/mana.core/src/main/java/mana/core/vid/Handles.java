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
