package mana.api.spi;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The platform side of {@link mana.api.Mana}, installed with {@link PlatformHook#install} by the
 * MANA agent of a rank. Every method is called on the application's thread.
 */
public interface ManaPlatform {

    /**
     * A safe point while {@link PlatformHook#raise() the signal} is up (never otherwise).
     * Exactly one of {@code state} and {@code lazyState} is used: the supplier is called only
     * if a checkpoint is taken at this safe point.
     *
     * @param index this safe point's index (already counted)
     */
    void atSafePoint(long index, Object state, Supplier<?> lazyState);

    /**
     * The state saved by the checkpoint this rank restarted from; empty on a fresh run.
     *
     * @param loader the class loader of the type the application asks for (its classes)
     * @throws IllegalStateException before MPI.Init on a restart, or when the state cannot be read back
     */
    Optional<Object> restoredState(ClassLoader loader);

    /** Asks the job's coordinator for a checkpoint; false (with a message) when none is attached. */
    boolean requestCheckpoint();

    /** True when this rank runs as a restart from a checkpoint. */
    boolean isRestart();

    /**
     * Transparent mode: the main thread is before a cut point (a blocking collective on
     * MPI_COMM_WORLD) while {@link PlatformHook#raise() the signal} is up. Takes part in the
     * agreement on the cut as a safe point with this index would, but builds no state: true when
     * the checkpoint is to be taken right here, before the call; the caller then captures the
     * main thread and calls {@link #atCaptured} with the same index and the captured state.
     *
     * @param index    the cut point's index (the same on every rank for the same collective)
     * @param declined why the main thread cannot be captured here, or null when it can: then
     *                 this is no safe point (and the checkpoint fails if it had to be cut here)
     */
    default boolean atCutPoint(long index, String declined) {
        return false;
    }

    /**
     * As {@link #atCutPoint(long, String)} for a blocking point-to-point call of the main thread
     * (send, recv, probe): {@code index} names the world collective the rank is before (its world
     * collective clock + 1); a rank may stop at any such call before that collective, so a rank
     * reports here without making the call and waits until the cut is known.
     */
    default boolean atP2pCutPoint(long index, String declined) {
        return false;
    }

    /**
     * As {@link #atP2pCutPoint} for the start of a non-blocking collective on MPI_COMM_WORLD:
     * the rank reports and stops before the call as there, but the start is world collective
     * {@code index}, so it is never let through alone (no PASS: the coordinator raises its limit
     * instead, as for a blocking world collective), and where it cannot be cut ({@code declined})
     * it still waits at its limit.
     */
    default boolean atWorldStartCutPoint(long index, String declined) {
        return atP2pCutPoint(index, declined);
    }

    /**
     * Transparent mode: the main thread was captured at the cut point {@code index} that
     * {@link #atCutPoint} chose; stops, agrees and takes the checkpoint with {@code state} (built
     * here, before the others are told) as a safe point at the target would.
     */
    default void atCaptured(long index, Supplier<?> state) {
    }

    /** As {@link #atCaptured(long, Supplier)}, saying where main stopped (e.g. {@code before mpi.Comm.recv}) for the coordinator's message. */
    default void atCaptured(long index, String where, Supplier<?> state) {
        atCaptured(index, state);
    }
}
