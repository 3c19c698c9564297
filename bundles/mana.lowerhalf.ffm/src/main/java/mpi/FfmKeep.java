package mpi;

import java.lang.foreign.Arena;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Native memory a non-blocking call hands to MPI that must live until the request completes
 * (the count and displacement arrays of the v-collectives): kept by request handle, freed when
 * a wait/test sees the request complete or it is freed.
 */
final class FfmKeep {

    private static final ConcurrentHashMap<Long, Arena> KEPT = new ConcurrentHashMap<>();

    private FfmKeep() {
    }

    /** A new arena for one call; {@link #keep} it with the request, or close it if the call failed. */
    static Arena open() {
        return Arena.ofShared();
    }

    static void keep(long request, Arena arena) {
        Arena old = KEPT.put(request, arena);
        if (old != null) {
            old.close(); // a handle MPI reused: its earlier request completed
        }
    }

    /** After a wait/test/free: the request {@code before} became {@code after}; null means done. */
    static void update(long before, long after) {
        if (!KEPT.isEmpty() && before != after) {
            Arena a = KEPT.remove(before);
            if (a != null) {
                a.close();
            }
        }
    }

    static void update(long[] before, long[] after) {
        if (!KEPT.isEmpty()) {
            for (int i = 0; i < before.length; i++) {
                update(before[i], after[i]);
            }
        }
    }
}
