package mana.api;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;

/**
 * Checkpoint and restart for an MPI application running under MANA.
 *
 * <pre>{@code
 * MPI.Init(args);
 * State s = Mana.restoredState(State.class).orElseGet(State::initial);
 * while (s.step < s.steps) {
 *     Mana.safePoint(s);          // a checkpoint may be taken here, with s as the state
 *     s.step(...);
 * }
 * }</pre>
 *
 * <p>A <em>safe point</em> is a place on the application's main thread, outside any MPI call,
 * where the state passed describes everything the rank needs to go on; a checkpoint is taken
 * at a safe point with the same index on every rank. Place safe points so that their index
 * means the same progress on every rank (e.g. once per iteration of the main loop).
 * Upper-half MPI objects ({@code Comm}, {@code Datatype}, ...) may be part of the state.
 *
 * <p>Outside MANA (Open MPI's own binding, no platform) every method is a no-op:
 * {@link #restoredState} is empty and {@link #isRestart} is false.
 */
public final class Mana {
    private Mana() {
    }

    /**
     * The state saved at the checkpoint this run restarted from, or empty on a fresh run.
     *
     * @throws IllegalStateException on a restart, when called before {@code MPI.Init} (the MPI
     *         objects are rebuilt there), when the saved state is not a {@code type}, or when it
     *         cannot be read back
     */
    public static <T> Optional<T> restoredState(Class<T> type) {
        Objects.requireNonNull(type, "type");
        ManaPlatform p = PlatformHook.platform();
        if (p == null) {
            return Optional.empty();
        }
        ClassLoader loader = type.getClassLoader() != null ? type.getClassLoader()
                : Thread.currentThread().getContextClassLoader();
        Optional<Object> state = p.restoredState(loader);
        if (state.isEmpty()) {
            return Optional.empty();
        }
        Object s = state.get();
        if (!type.isInstance(s)) {
            throw new IllegalStateException("the checkpoint's state is a " + s.getClass().getName()
                    + ", not a " + type.getName());
        }
        return Optional.of(type.cast(s));
    }

    /**
     * A safe point with the rank's current state. Costs a volatile read and an increment when
     * no checkpoint is pending. {@code state} is serialized only if a checkpoint is taken here.
     */
    public static void safePoint(Object state) {
        long i = PlatformHook.next();
        if (PlatformHook.signalled()) {
            atSignal(i, state, null);
        }
    }

    /**
     * A safe point whose state is built only when a checkpoint is taken here ({@code state}
     * is not called otherwise).
     */
    public static void safePoint(Supplier<?> state) {
        long i = PlatformHook.next();
        if (PlatformHook.signalled()) {
            atSignal(i, null, state == null ? () -> null : state);
        }
    }

    private static void atSignal(long index, Object state, Supplier<?> lazy) {
        ManaPlatform p = PlatformHook.platform();
        if (p != null) {
            p.atSafePoint(index, state, lazy);
        }
    }

    /**
     * Asks the job's coordinator for a checkpoint at the next safe points; returns at once.
     * Requests made while a checkpoint is being agreed or written join it.
     *
     * @return true when a coordinator took the request; false outside MANA or when no
     *         coordinator is attached (then a message says so on stderr, once)
     */
    public static boolean requestCheckpoint() {
        ManaPlatform p = PlatformHook.platform();
        return p != null && p.requestCheckpoint();
    }

    /** Safe points passed so far on this rank (on a restart, counting from the checkpoint's). */
    public static long safePointIndex() {
        return PlatformHook.index();
    }

    /** True when this run is a restart from a checkpoint (false outside MANA). */
    public static boolean isRestart() {
        ManaPlatform p = PlatformHook.platform();
        return p != null && p.isRestart();
    }
}
