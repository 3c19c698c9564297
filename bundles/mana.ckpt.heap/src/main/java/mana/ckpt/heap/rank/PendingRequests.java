package mana.ckpt.heap.rank;

import mana.core.desc.RequestDescriptor;
import mana.core.vid.Vid;

/**
 * Requests a transparent checkpoint cannot take yet: the engine saves a request's buffer in its
 * own section and the heap image saves the application's copy, so a receive still pending at the
 * cut (or a persistent request) would come back filling a buffer the program no longer holds.
 * Refused (the job goes on) until the two share one object graph.
 */
final class PendingRequests {

    private PendingRequests() {
    }

    /** Why the checkpoint cannot be taken now, or null. */
    static String problem() {
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            boolean receive = d.op().isReceive() && d.isActive() && d.completion() == null;
            if (receive || d.isPersistent()) {
                return "request " + Vid.toString(p.vid()) + " (" + d.op().name().toLowerCase() + ") is "
                        + (receive ? "a receive still pending" : "persistent") + " at the cut: transparent checkpoints do not keep"
                        + " a request's buffer shared with the heap yet";
            }
        }
        return null;
    }
}
