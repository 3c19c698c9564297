package mana.core.desc;

import java.util.ArrayList;
import java.util.List;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;

/**
 * One entry of the log of pending point-to-point requests: what a restart needs to post a
 * receive again, and which sends are still in flight. It is the descriptor of the request's
 * virtual handle, so the log is the set of live request handles that carry one: an entry
 * leaves the log when its request completes (non-persistent), is freed, or is cancelled and
 * then completed. It keeps a reference to the request's buffer and (for derived datatypes)
 * a retained {@link DatatypeDescriptor} while it is in the log.
 *
 * <p>Entries are reused: freeing the handle retires the entry and its table slot keeps it
 * ({@link ReusableDescriptor}), and {@link #log} fills the slot's retired entry again, so a
 * program that posts and completes millions of requests allocates no log entries after the
 * first few (one per slot; slots are reused last-freed first). So the fields are not final:
 * they are written before the handle is published (a release store) and read after its
 * lookup (an acquire), like the slot itself. A holder of a freed handle's entry must not use
 * it: it may already describe another request.
 */
public final class RequestDescriptor implements ReusableDescriptor {
    /** The operation that made the request. */
    public enum Op {
        ISEND, IBSEND, ISSEND, IRSEND, IRECV, IMRECV, SEND_INIT, BSEND_INIT, SSEND_INIT, RSEND_INIT, RECV_INIT,
        // Non-blocking collectives (mana.wrappers.coll): a checkpoint completes them before saving.
        IBARRIER, IBCAST, IGATHER, IGATHERV, ISCATTER, ISCATTERV, IALLGATHER, IALLGATHERV, IALLTOALL,
        IALLTOALLV, IALLTOALLW, IREDUCE, IALLREDUCE, IREDUCE_SCATTER, IREDUCE_SCATTER_BLOCK, ISCAN, IEXSCAN,
        INEIGHBOR_ALLGATHER, INEIGHBOR_ALLGATHERV, INEIGHBOR_ALLTOALL, INEIGHBOR_ALLTOALLV;

        public boolean isReceive() {
            return this == IRECV || this == IMRECV || this == RECV_INIT;
        }

        public boolean isPersistent() {
            return ordinal() >= SEND_INIT.ordinal() && ordinal() <= RECV_INIT.ordinal();
        }

        /** A non-blocking collective: not drained like a message; completed (waited on) before a checkpoint. */
        public boolean isCollective() {
            return ordinal() >= IBARRIER.ordinal();
        }
    }

    private static final java.lang.invoke.VarHandle ACTIVE;
    private static final java.lang.invoke.VarHandle CANCELLED;
    private static final java.lang.invoke.VarHandle COMPLETION;

    static {
        try {
            var lookup = java.lang.invoke.MethodHandles.lookup();
            ACTIVE = lookup.findVarHandle(RequestDescriptor.class, "active", boolean.class);
            CANCELLED = lookup.findVarHandle(RequestDescriptor.class, "cancelled", boolean.class);
            COMPLETION = lookup.findVarHandle(RequestDescriptor.class, "completion", long[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long sequence;
    private Op op;
    private int comm;
    private Object buffer;
    private int count;
    private int type;
    private int peer;
    private int tag;
    private DatatypeDescriptor typeDescriptor;
    /** Further retained datatypes of a collective (send and receive types, alltoallw's arrays), else null. */
    private DatatypeDescriptor[] moreTypes;
    /**
     * Active: started and not completed (non-persistent requests are active from creation).
     * Written inside MPI calls with release stores, not volatile ones: a full fence per
     * request made and per completion would be the request path's largest cost.
     */
    private boolean active;
    private volatile boolean cancelled;
    /**
     * The communicator's descriptor, when the request was made through a wrapper that had it at
     * hand: completing a receive counts the message there without looking the communicator
     * up again. Not saved; null after a restart (the completion then looks it up).
     */
    private CommDescriptor commDescriptor;
    /** Status fields of a completion MANA made itself (a checkpoint drain, a drained message); null otherwise. */
    private volatile long[] completion;

    /**
     * @param typeDescriptor the datatype's descriptor if it is derived (retained here until {@link #release()}), else null
     */
    public RequestDescriptor(Op op, int comm, Object buffer, int count, int type, int peer, int tag,
                             DatatypeDescriptor typeDescriptor) {
        fill(Sequence.next(), op, comm, buffer, count, type, peer, tag, typeDescriptor);
    }

    /**
     * Makes a logged point-to-point request handle in {@code table}: fills the retired entry
     * its slot kept when it has one (no allocation), else a new one. The handle is published
     * last, with everything the entry says.
     *
     * @param typeDescriptor the datatype's descriptor if it is derived (retained until the handle is freed), else null
     * @param commDescriptor the communicator's descriptor if the caller has it at hand ({@link #attachComm}), else null
     */
    public static int log(VidTable table, Object lower, Op op, int comm, Object buffer, int count, int type, int peer,
                          int tag, DatatypeDescriptor typeDescriptor, CommDescriptor commDescriptor) {
        if (op.isCollective()) {
            throw new IllegalArgumentException(op + " is a collective");
        }
        VidTable.Entry e = table.claim();
        RequestDescriptor d;
        long seq;
        if (e.spare() instanceof RequestDescriptor spare) {
            d = spare;
            seq = Sequence.next();
            d.fill(seq, op, comm, buffer, count, type, peer, tag, typeDescriptor);
        } else {
            d = new RequestDescriptor(op, comm, buffer, count, type, peer, tag, typeDescriptor);
            seq = d.sequence;
        }
        d.commDescriptor = commDescriptor;
        return table.publish(e, Kind.REQUEST, lower, d, seq);
    }

    /** A new or retired entry describes a request (a retired one's slot claimer owns it alone). */
    private void fill(long sequence, Op op, int comm, Object buffer, int count, int type, int peer, int tag,
                      DatatypeDescriptor typeDescriptor) {
        this.sequence = sequence;
        this.op = op;
        this.comm = comm;
        this.buffer = buffer;
        this.count = count;
        this.type = type;
        this.peer = peer;
        this.tag = tag;
        this.typeDescriptor = typeDescriptor;
        // retire() left moreTypes null (also a collective's entry reused here), cancelled false
        // and completion null; active is the only state to set
        ACTIVE.setRelease(this, !op.isPersistent());
        if (typeDescriptor != null) {
            typeDescriptor.retain();
        }
    }

    /**
     * A pending non-blocking collective.
     *
     * @param collectiveSeq the communicator's collective clock value this collective took
     * @param root the root rank, or -1 for a collective without one
     * @param buffers the buffers, kept reachable while the request is pending
     * @param types the derived datatypes' descriptors (nulls allowed), retained until {@link #release()}
     */
    public static RequestDescriptor collective(Op op, int comm, long collectiveSeq, int root, Object[] buffers,
                                               DatatypeDescriptor... types) {
        if (!op.isCollective()) {
            throw new IllegalArgumentException(op + " is not a collective");
        }
        return new RequestDescriptor(op, comm, collectiveSeq, root, buffers, types);
    }

    private RequestDescriptor(Op op, int comm, long collectiveSeq, int root, Object[] buffers,
                              DatatypeDescriptor[] types) {
        this.sequence = Sequence.next();
        this.op = op;
        this.comm = comm;
        this.buffer = buffers;
        this.count = 0;
        this.type = 0;
        this.peer = root;
        this.tag = (int) collectiveSeq;
        this.typeDescriptor = null;
        this.moreTypes = types;
        ACTIVE.setRelease(this, true);
        for (DatatypeDescriptor t : types) {
            if (t != null) {
                t.retain();
            }
        }
    }

    @Override
    public int kind() {
        return Kind.REQUEST;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public Op op() {
        return op;
    }

    /** The communicator's virtual handle. */
    public int comm() {
        return comm;
    }

    /** The application's buffer (kept reachable while the request is in the log). */
    public Object buffer() {
        return buffer;
    }

    public int count() {
        return count;
    }

    /** The datatype's virtual (or predefined) handle. */
    public int type() {
        return type;
    }

    /**
     * Destination of a send, source of a receive (may be ANY_SOURCE); -1 for a matched-message
     * receive; a collective's root (-1 if it has none).
     */
    public int peer() {
        return peer;
    }

    /** The message tag; for a collective, the low 32 bits of the collective clock value it took. */
    public int tag() {
        return tag;
    }

    public boolean isCollective() {
        return op.isCollective();
    }

    public boolean isPersistent() {
        return op.isPersistent();
    }

    public boolean isActive() {
        return (boolean) ACTIVE.getAcquire(this);
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** A persistent request was started. */
    public void markStarted() {
        ACTIVE.setRelease(this, true);
        cancelled = false;
    }

    /** The operation completed (a persistent request becomes inactive). */
    /** See {@link #commDescriptor()}; set by the wrapper that made the request, before it is published. */
    public void attachComm(CommDescriptor d) {
        this.commDescriptor = d;
    }

    /** The descriptor of {@link #comm()} attached when the request was made, or null. */
    public CommDescriptor commDescriptor() {
        return commDescriptor;
    }

    public void markCompleted() {
        ACTIVE.setRelease(this, false);
    }

    /**
     * MANA completed the operation itself (the lower-half request is done or was never posted):
     * the application's next wait or test returns these status fields.
     */
    public void completeEarly(long[] status) {
        completion = status.clone();
    }

    /** The status of a completion MANA made itself and the application has not seen yet, or null. */
    public long[] completion() {
        return completion;
    }

    /** The application saw the early completion. */
    public void clearCompletion() {
        completion = null;
        ACTIVE.setRelease(this, false);
    }

    public void markCancelled() {
        cancelled = true;
    }

    /**
     * The request left the log: releases the datatypes and drops the buffer. The handle table
     * calls it when the handle is freed ({@link #retire}); a second call does nothing.
     */
    public void release() {
        // loads before stores: a load of a byte next to one just stored waits for that store
        // on some processors (cancelled lies beside active)
        boolean wasCancelled = (boolean) CANCELLED.getOpaque(this);
        boolean earlyCompletion = COMPLETION.getOpaque(this) != null;
        ACTIVE.setRelease(this, false);
        buffer = null;
        commDescriptor = null;
        DatatypeDescriptor t = typeDescriptor;
        if (t != null) {
            typeDescriptor = null;
            t.release();
        }
        DatatypeDescriptor[] more = moreTypes;
        if (more != null) {
            moreTypes = null;
            for (DatatypeDescriptor m : more) {
                if (m != null) {
                    m.release();
                }
            }
        }
        // plain stores, and only when set (rare): a volatile store is a full fence
        if (wasCancelled) {
            CANCELLED.setRelease(this, false);
        }
        if (earlyCompletion) {
            COMPLETION.setRelease(this, (long[]) null);
        }
    }

    /** Its handle was freed (inside {@link VidTable#free}): {@link #release()}. */
    @Override
    public void retire() {
        release();
    }

    /** Virtual handles and descriptors of every logged request (not on a hot path: for the shell and checkpoints). */
    public static List<Pending> pending() {
        List<Pending> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if (e.descriptor() instanceof RequestDescriptor d) {
                int vid = e.vid();
                if (vid != 0) {
                    out.add(new Pending(vid, d));
                }
            }
        }
        out.sort((a, b) -> Long.compare(a.descriptor().sequence(), b.descriptor().sequence()));
        return out;
    }

    /** One logged request: its virtual handle and descriptor. */
    public record Pending(int vid, RequestDescriptor descriptor) {
    }

    @Override
    public String summary() {
        if (op.isCollective()) {
            return "request " + op.name().toLowerCase() + " comm=" + Integer.toHexString(comm) + " collective#" + tag
                    + (peer >= 0 ? " root=" + peer : "") + (isActive() ? " active" : " inactive");
        }
        Object buf = buffer; // read once: the shell reads while the entry may be retired
        String b = buf == null ? "null" : buf.getClass().getSimpleName();
        return "request " + op.name().toLowerCase() + " comm=" + Integer.toHexString(comm) + " count=" + count
                + " type=" + Integer.toHexString(type) + (op.isReceive() ? " source=" : " dest=") + peer
                + " tag=" + tag + " buf=" + b + (isActive() ? " active" : " inactive") + (cancelled ? " cancelled" : "")
                + (completion != null ? " completed-by-mana" : "");
    }
}
