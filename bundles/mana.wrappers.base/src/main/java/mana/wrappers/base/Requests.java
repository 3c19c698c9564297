package mana.wrappers.base;

import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.RequestDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mpi.Request;

/**
 * For wrapper bundles: virtual handles of requests and the log of pending requests
 * ({@link RequestDescriptor}). Any bundle that makes a request (p2p, non-blocking collectives)
 * registers it here, so the request wrappers can complete it.
 */
public final class Requests {
    /** The predefined null request (what the application holds after a request completed). */
    public static final int NULL = Predefined.handle(Kind.REQUEST, "REQUEST_NULL");

    /** The descriptor of a derived datatype, or null for a predefined one. */
    public static DatatypeDescriptor derivedType(int type) throws ManaException {
        if ((type & 0x0F000000) == 0) { // generation 0: predefined, no descriptor
            Handles.lower(type, Kind.DATATYPE); // validates
            return null;
        }
        Descriptor d = Handles.descriptor(type, Kind.DATATYPE);
        return d instanceof DatatypeDescriptor dd ? dd : null;
    }

    /** A virtual handle for a new point-to-point request, logged with what a restart needs. */
    public static int create(Request lower, RequestDescriptor.Op op, int comm, Object buf, int count, int type,
                             int peer, int tag) throws ManaException {
        return RequestDescriptor.log(Handles.TABLE, lower, op, comm, buf, count, type, peer, tag, derivedType(type), null);
    }

    /**
     * {@link #create(Request, RequestDescriptor.Op, int, Object, int, int, int, int)} for a
     * communicator whose entry ({@link Lower#commEntry}) the caller has: the request keeps the
     * communicator's descriptor for counting its completion. The caller has checked
     * {@code type} ({@link Lower#committedType}): a predefined one is not looked up again.
     */
    public static int create(Request lower, RequestDescriptor.Op op, VidTable.Entry commEntry, int comm, Object buf,
                             int count, int type, int peer, int tag) throws ManaException {
        DatatypeDescriptor t = (type & 0x0F000000) == 0 ? null : derivedType(type);
        CommDescriptor c = commEntry.descriptor() instanceof CommDescriptor cd ? cd : null;
        return RequestDescriptor.log(Handles.TABLE, lower, op, comm, buf, count, type, peer, tag, t, c);
    }

    /**
     * A virtual handle for a non-blocking collective's request, logged as a pending collective
     * that keeps {@code buffers} reachable and retains the derived datatypes among {@code types}.
     */
    public static int createCollective(Request lower, RequestDescriptor.Op op, int comm, long collectiveSeq, int root,
                                       Object[] buffers, int[] types) throws ManaException {
        DatatypeDescriptor[] retained = new DatatypeDescriptor[types.length];
        for (int i = 0; i < types.length; i++) {
            retained[i] = derivedType(types[i]);
        }
        return Handles.TABLE.create(Kind.REQUEST, lower,
                RequestDescriptor.collective(op, comm, collectiveSeq, root, buffers, retained));
    }

    /** A virtual handle for a request without a log entry. */
    public static int create(Request lower) {
        return Handles.TABLE.create(Kind.REQUEST, lower, null);
    }

    public static Request lower(int vid) throws ManaException {
        return (Request) Handles.lower(vid, Kind.REQUEST);
    }

    /** The lower requests of an array of handles; an invalid element gives an error naming its index. */
    public static Request[] lower(int[] vids) throws ManaException {
        Request[] r = new Request[vids.length];
        for (int i = 0; i < vids.length; i++) {
            r[i] = lowerAt(vids, i);
        }
        return r;
    }

    /** The lower persistent requests of an array of handles. */
    public static mpi.Prequest[] lowerPersistent(int[] vids) throws ManaException {
        mpi.Prequest[] r = new mpi.Prequest[vids.length];
        for (int i = 0; i < vids.length; i++) {
            Request q = lowerAt(vids, i);
            if (!(q instanceof mpi.Prequest p)) {
                throw ManaException.of(ErrorClass.REQUEST, "requests[" + i + "] is not a persistent request");
            }
            r[i] = p;
        }
        return r;
    }

    private static Request lowerAt(int[] vids, int i) throws ManaException {
        try {
            return lower(vids[i]);
        } catch (ManaException e) {
            throw new ManaException(e.errorCode(), e.errorClass(), "requests[" + i + "]: " + e.getMessage());
        }
    }

    /** The log entry of a live request, or null (predefined, or a request without one). */
    public static RequestDescriptor descriptor(int vid) {
        if (Vid.isPredefined(vid)) {
            return null;
        }
        try {
            return Handles.descriptor(vid, Kind.REQUEST) instanceof RequestDescriptor d ? d : null;
        } catch (ManaException e) {
            return null;
        }
    }

    /** True when completing this request needs the status to count the message (a receive from ANY_SOURCE). */
    public static boolean needsStatus(int vid, int anySource) {
        RequestDescriptor d = descriptor(vid);
        return d != null && d.op().isReceive() && d.peer() == anySource;
    }

    /**
     * After the lower half completed a request: counts a received message, marks a persistent
     * request inactive, frees the handle of a non-persistent one (the lower request became null)
     * and retires its log entry (the table keeps it for the slot's next request). Returns the
     * handle the application holds now.
     *
     * @param status the completion's status fields, or null when the call asked for none
     */
    public static int completed(int vid, Request lower, long[] status) throws ManaException {
        return Vid.isPredefined(vid) ? vid : completed(vid, descriptor(vid), lower, status);
    }

    /**
     * The table entry of a request: its lower-half request and its log entry
     * ({@link #logged(VidTable.Entry)}) from one lookup, for the single-request wait and test.
     */
    public static VidTable.Entry entry(int vid) throws ManaException {
        return Handles.entry(vid, Kind.REQUEST);
    }

    /** The log entry of a request's table entry, or null (predefined, or not logged). */
    public static RequestDescriptor logged(VidTable.Entry e) {
        return e.descriptor() instanceof RequestDescriptor d ? d : null;
    }

    /** {@link #needsStatus(int, int)} for a log entry from {@link #logged}. */
    public static boolean needsStatus(RequestDescriptor d, int anySource) {
        return d != null && d.op().isReceive() && d.peer() == anySource;
    }

    /** {@link #completed(int, Request, long[])} with the request's log entry already at hand. */
    public static int completed(int vid, RequestDescriptor d, Request lower, long[] status) throws ManaException {
        return completed(vid, null, d, lower, status);
    }

    /**
     * {@link #completed(int, RequestDescriptor, Request, long[])} with the request's table entry
     * from {@link #entry} at hand too (the single-request wait and test): freeing the handle
     * then needs no second lookup.
     */
    public static int completed(int vid, VidTable.Entry e, RequestDescriptor d, Request lower, long[] status)
            throws ManaException {
        if (Vid.isPredefined(vid)) {
            return vid;
        }
        if (d != null) {
            if (d.op().isReceive() && d.op() != RequestDescriptor.Op.IMRECV && (status == null || status[3] == 0)) {
                int source = status != null ? (int) status[0] : d.peer();
                CommDescriptor c = d.commDescriptor();
                if (c != null) {
                    c.countReceived(source);
                } else {
                    countReceived(d.comm(), source);
                }
            }
        }
        if (lower.isNull()) {
            // the free retires d (inactive, buffer and datatypes dropped): d must not be used after it
            if (e != null) {
                Handles.TABLE.free(e, vid, Kind.REQUEST);
            } else {
                Handles.TABLE.free(vid, Kind.REQUEST);
            }
            return NULL;
        }
        if (d != null) {
            d.markCompleted();
        }
        return vid;
    }

    /** MPI_Request_free: drops the handle; the table retires the log entry. */
    public static void freed(int vid) throws ManaException {
        Handles.TABLE.free(vid, Kind.REQUEST);
    }

    public static void countSent(int comm, int dest) {
        CommDescriptor d = commDescriptor(comm);
        if (d != null) {
            d.countSent(dest);
        }
    }

    public static void countReceived(int comm, int source) {
        CommDescriptor d = commDescriptor(comm);
        if (d != null) {
            d.countReceived(source);
        }
    }

    /** Counts a message sent on the communicator of an entry from {@link Lower#commEntry}. */
    public static void countSent(VidTable.Entry comm, int dest) {
        if (comm.descriptor() instanceof CommDescriptor d) {
            d.countSent(dest);
        }
    }

    /** Counts a message received on the communicator of an entry from {@link Lower#commEntry}. */
    public static void countReceived(VidTable.Entry comm, int source) {
        if (comm.descriptor() instanceof CommDescriptor d) {
            d.countReceived(source);
        }
    }

    /**
     * Adds {@code delta} to the messages received from {@code source} on the communicator of an
     * entry (a receive counted before its lower call, and taken back if that call fails).
     * Returns false when the communicator keeps no counts.
     */
    public static boolean countReceived(VidTable.Entry comm, int source, int delta) {
        if (comm.descriptor() instanceof CommDescriptor d) {
            d.addReceived(source, delta);
            return true;
        }
        return false;
    }

    /** A message received on the communicator of an entry whose source is unknown (a truncated ANY_SOURCE receive). */
    public static void countReceivedFromUnknownSource(VidTable.Entry comm) {
        if (comm.descriptor() instanceof CommDescriptor d) {
            d.countReceivedFromUnknownSource();
        }
    }

    /** The same for a communicator handle. */
    public static void countReceivedFromUnknownSource(int comm) {
        CommDescriptor d = commDescriptor(comm);
        if (d != null) {
            d.countReceivedFromUnknownSource();
        }
    }

    private static CommDescriptor commDescriptor(int comm) {
        try {
            return Handles.descriptor(comm, Kind.COMM) instanceof CommDescriptor c ? c : null;
        } catch (ManaException e) {
            return null; // the communicator was freed while the request was pending
        }
    }

    private Requests() {
    }
}
