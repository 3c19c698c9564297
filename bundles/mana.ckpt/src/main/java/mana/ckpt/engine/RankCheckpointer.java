package mana.ckpt.engine;

import java.util.Optional;

/**
 * The checkpoint engine of one rank, registered as an OSGi service by bundle mana.ckpt.
 *
 * <p>Both calls are made on the application's main thread, from inside a safe point (the
 * thread is not inside any MPI call).
 */
public interface RankCheckpointer {

    /**
     * Takes checkpoint {@code request.seq()}. Collective: every rank of the job calls it at the
     * same cut. Closes the checkpoint gate, verifies that all members of every communicator are
     * at the same collective sequence number, completes pending non-blocking collectives, drains
     * point-to-point messages in flight, writes this rank's file and, once every rank has written
     * and synced, commits the checkpoint (rank 0). The outcome is the same on every rank.
     *
     * @param appState the state the application passed to the safe point (may be null)
     */
    CutOutcome checkpoint(CutRequest request, Object appState);

    /**
     * Called again and again while this rank waits at an agreed cut for the other ranks to
     * stop (before {@link #checkpoint}): takes point-to-point messages that have arrived off the
     * network into the drain buffer, as the checkpoint's drain would. A peer blocked inside a
     * large (rendezvous) send to this rank can then leave MPI and reach its own cut; without it
     * the cut waits for that peer until the coordinator's deadline. Every such message was sent
     * before its sender's cut, so the drain's accounting is the same. Does nothing (returns 0)
     * when a thread is inside an MPI call, never blocks, never throws.
     *
     * @return the messages taken
     */
    default long receiveArrived() {
        return 0;
    }

    /**
     * When this rank was started as a restart: what the checkpoint held, after every MPI
     * object was rebuilt. Must be called after MPI_Init (the restore happens there).
     *
     * @param appLoader the class loader that resolves the application's classes in the state
     * @throws RestoreException when the state cannot be read back (corrupt, refused class, ...)
     */
    Optional<Restored> restored(ClassLoader appLoader) throws RestoreException;

    /** True when this rank was started to restart from a checkpoint (system property {@code mana.restart.dir}). */
    boolean isRestart();
}
