package mana.ckpt.heap.rank;

import mana.core.desc.RequestDescriptor;
import mana.core.vid.Vid;

/**
 * Requests a transparent checkpoint cannot take yet. A receive pending at the cut is taken: its
 * buffer goes into the heap image as its request's handle and comes back as the buffer the
 * engine re-posts the receive into (see {@code HeapKryo.pendingReceiveBuffers}). Refused (the job
 * goes on): a persistent request or a receive over something other than a java.nio buffer (a
 * persistent request's buffer is shared as a pending receive's is: the engine remakes the request
 * over the buffer the heap image then refers to), and a non-blocking collective still pending (the engine
 * completes it after the heap image is written, so the image would miss its result).
 */
final class PendingRequests {

    private PendingRequests() {
    }

    /** Why the checkpoint cannot be taken now, or null. */
    static String problem() {
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            String name = "request " + Vid.toString(p.vid()) + " (" + d.op().name().toLowerCase() + ")";
            if (d.isPersistent() && !(d.buffer() instanceof java.nio.Buffer)) {
                return name + " is persistent over a " + (d.buffer() == null ? "null" : d.buffer().getClass().getName())
                        + ", not a java.nio buffer: transparent checkpoints cannot share it with the heap";
            }
            boolean pending = d.isActive() && d.completion() == null;
            if (pending && d.op().isCollective()) {
                return name + " is a non-blocking collective still pending at the cut: transparent checkpoints cannot take it yet";
            }
            if (pending && d.op().isReceive() && !(d.buffer() instanceof java.nio.Buffer)) {
                return name + " is a receive pending at the cut into a " + (d.buffer() == null ? "null" : d.buffer().getClass().getName())
                        + ", not a java.nio buffer: transparent checkpoints cannot share it with the heap";
            }
        }
        return null;
    }
}
