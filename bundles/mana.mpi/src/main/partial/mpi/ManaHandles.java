package mpi;

import mana.core.vid.Vid;

/** Handle arrays for calls that take several objects; handles as Open MPI's {@code long handle} shows them. */
final class ManaHandles {

    /** A MANA handle as the {@code long handle} of Open MPI's classes: unsigned, so never negative. */
    static long handleOf(int vid) {
        return vid & 0xFFFFFFFFL;
    }

    /**
     * The MANA handle a {@code long} handle names, for the protected constructors and methods
     * that take one. A value that cannot be a MANA handle (negative, or wider than 32 bits) gives
     * a handle of {@code kind} that no table slot ever holds, so every use fails with that
     * kind's error class (a forged handle) instead of aliasing a live object by truncation.
     */
    static int vidOf(long handle, int kind) {
        return (handle >>> 32) == 0 ? (int) handle : Vid.make(kind, Vid.GENERATIONS - 1, Vid.MAX_SLOT);
    }

    /** The handles of an array of datatypes; null stays null, a null element gives an NPE like the raw binding. */
    static int[] vids(Datatype[] types) {
        if (types == null) {
            return null;
        }
        int[] v = new int[types.length];
        for (int i = 0; i < types.length; i++) {
            // a missing entry is MPI_DATATYPE_NULL: an ERR_TYPE error, as in the raw binding
            v[i] = types[i] == null ? MPI.DATATYPE_NULL.vid : types[i].vid;
        }
        return v;
    }

    private ManaHandles() {
    }
}
