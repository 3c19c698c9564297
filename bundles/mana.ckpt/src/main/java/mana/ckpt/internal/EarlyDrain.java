package mana.ckpt.internal;

import java.util.concurrent.TimeUnit;
import mana.core.error.ManaException;
import mana.core.gate.CheckpointGate;
import mpi.MPIException;

/**
 * A rank stopped at the agreed cut takes the messages that reach it while the others are still
 * on their way to theirs. A peer may be blocked inside a blocking send to this rank: a large
 * message goes by rendezvous, which completes only when the receiver takes it, and the receive
 * that would have taken it lies after this rank's cut. Taking it into the drain buffer lets the
 * peer out of MPI to its own cut point. The message was sent before its sender's cut (a rank
 * sends nothing after it stops), so it is one the checkpoint's drain would have taken anyway: it
 * is counted as received, and the application's receive gets it from the drain buffer, after a
 * restart as in the same run.
 */
final class EarlyDrain {

    private EarlyDrain() {
    }

    /**
     * Receives every message waiting on the rank's communicators into the drain buffer. Only
     * with the checkpoint gate closed and no thread inside an MPI call (another thread's
     * receive could be waiting for the very message): else it does nothing this time.
     *
     * @return the messages taken
     */
    static long receiveArrived() {
        if (!CheckpointGate.GATE.close(0, TimeUnit.NANOSECONDS)) {
            return 0;
        }
        long n = 0;
        try {
            for (Cut.LiveComm c : Cut.liveComms()) {
                while (Cut.receiveOne(c) != null) {
                    n++;
                }
            }
        } catch (MPIException | ManaException | RuntimeException e) {
            // the checkpoint's own drain meets the same problem and abandons the checkpoint, naming it
        } finally {
            CheckpointGate.GATE.open();
        }
        return n;
    }
}
