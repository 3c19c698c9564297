package mana.core.fn;

/**
 * Told about the MPI lifecycle of this rank (services; the environment wrapper calls every
 * registered one). Listeners run on the thread that calls MPI_Init / MPI_Finalize, while MPI
 * is usable, and must not throw (except {@link #restore()}).
 */
public interface LifecycleListener {
    /**
     * Right after MPI_Init succeeded, before {@link #afterInit()}: a restart rebuilds this rank's
     * MPI state here. Unlike the other calls it may fail: MPI_Init then fails with the error, so
     * a restart that cannot restore never runs on as a fresh job.
     */
    default void restore() throws mana.core.error.ManaException {
    }

    /**
     * {@link #restore()} failed on this rank (every rank refuses together): MPI_Init is about to
     * fail with {@code reason}. For telling the job's launcher, which must not restart from the
     * same checkpoint again.
     */
    default void restoreRefused(String reason) {
    }

    /** Right after MPI_Init (or MPI_Init_thread) succeeded. */
    default void afterInit() {
    }

    /** Right before MPI_Finalize: the last moment to look at this rank's MPI objects. */
    default void beforeFinalize() {
    }
}
