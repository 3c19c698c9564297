package mana.core.fn;

/**
 * Told about the MPI lifecycle of this rank (services; the environment wrapper calls every
 * registered one). Listeners run on the thread that calls MPI_Init / MPI_Finalize, while MPI
 * is usable, and must not throw.
 */
public interface LifecycleListener {
    /** Right after MPI_Init (or MPI_Init_thread) succeeded. */
    default void afterInit() {
    }

    /** Right before MPI_Finalize: the last moment to look at this rank's MPI objects. */
    default void beforeFinalize() {
    }
}
