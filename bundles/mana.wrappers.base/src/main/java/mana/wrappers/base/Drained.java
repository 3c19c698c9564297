package mana.wrappers.base;

import java.nio.Buffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import mana.core.desc.RequestDescriptor;
import mana.core.desc.Sequence;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * The drain buffer: point-to-point messages a checkpoint took off the network (in arrival
 * order), served to the application's receives and probes before anything the lower half has,
 * with MPI's matching (communicator, source or ANY_SOURCE, tag or ANY_TAG; the first match in
 * arrival order, so messages from one source never overtake each other). It also counts the
 * requests MANA completed itself ({@link RequestDescriptor#completeEarly}) that the application
 * has not waited for yet.
 *
 * <p>Wrappers guard with {@code if (Drained.active)}: one volatile read when there is nothing.
 */
public final class Drained {
    /** True while a drained message or an early completion waits for the application. */
    public static volatile boolean active;

    /** One drained message: the bytes as the sender's datatype packed them, and its envelope. */
    public record Message(int comm, int source, int tag, byte[] data) {
    }

    private static final List<Message> MESSAGES = new ArrayList<>();
    private static final java.lang.reflect.Field BASE_SIZE;

    static {
        try {
            BASE_SIZE = Datatype.class.getDeclaredField("baseSize");
            BASE_SIZE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static int baseSize(Datatype t) {
        try {
            return BASE_SIZE.getInt(t);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
    private static final AtomicInteger EARLY = new AtomicInteger();
    /** Message handles whose message MANA holds ({@link #mProbe}, {@link #receiveMatched}). */
    private static final AtomicInteger MATCHED = new AtomicInteger();

    private static void update() {
        active = !MESSAGES.isEmpty() || EARLY.get() > 0 || MATCHED.get() > 0;
    }

    public static synchronized void add(Message m) {
        MESSAGES.add(m);
        active = true;
    }

    /** The buffered messages in arrival order (for a checkpoint). */
    public static synchronized List<Message> messages() {
        return new ArrayList<>(MESSAGES);
    }

    public static synchronized int size() {
        return MESSAGES.size();
    }

    /** A request was completed by MANA; the application's wait or test will see it. */
    public static void earlyCompleted(RequestDescriptor d, long[] status) {
        d.completeEarly(status);
        EARLY.incrementAndGet();
        active = true;
    }

    private static boolean matches(Message m, int comm, int source, int tag) {
        return m.comm == comm && (source == MPI.ANY_SOURCE || source == m.source)
                && (tag == MPI.ANY_TAG || tag == m.tag);
    }

    private static synchronized Message find(int comm, int source, int tag, boolean remove) {
        if (source == MPI.PROC_NULL) {
            return null;
        }
        for (int i = 0; i < MESSAGES.size(); i++) {
            Message m = MESSAGES.get(i);
            if (matches(m, comm, source, tag)) {
                if (remove) {
                    MESSAGES.remove(i);
                    update();
                }
                return m;
            }
        }
        return null;
    }

    /** Status fields of a drained message, as the lower half lays them out (source, tag, error, cancelled, bytes, index). */
    public static long[] status(Message m) {
        return new long[] {m.source, m.tag, 0, 0, m.data.length, 0};
    }

    /** Unpacks a drained message into the application's buffer with its datatype; MPI_ERR_TRUNCATE if it does not fit. */
    private static long[] deliver(Message m, Object buf, int count, int type) throws ManaException {
        try {
            Datatype t = Lower.committedType(type);
            int size = t.getSize() * baseSize(t); // getSize() counts base elements, not bytes
            long room = (long) count * size;
            if (m.data.length > room) {
                throw ManaException.of(ErrorClass.TRUNCATE, "message truncated: " + m.data.length
                        + " bytes arrived (from rank " + m.source + ", tag " + m.tag + ") for a buffer of " + room + " bytes");
            }
            if (m.data.length > 0 && size > 0) {
                Lower.comm(m.comm).unpack(m.data, 0, buf, m.data.length / size, t);
            }
            return status(m);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /** MPI_Recv from the buffer: the status, or null when no drained message matches. */
    public static long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException {
        Lower.comm(comm); // validates the communicator as the lower half would
        Message m = find(comm, source, tag, true);
        return m == null ? null : deliver(m, buf, count, type);
    }

    /**
     * MPI_Sendrecv whose receive a drained message satisfies: the send goes to the lower half
     * (with a null receive, so it cannot deadlock against the peer's own sendrecv), the receive
     * comes from the buffer. Null when no drained message matches.
     */
    public static long[] sendRecv(int comm, Object sendbuf, int sendcount, int sendtype, int dest, int sendtag,
                                  Object recvbuf, int recvcount, int recvtype, int source, int recvtag)
            throws ManaException {
        if (find(comm, source, recvtag, false) == null) {
            return null;
        }
        try {
            Lower.comm(comm).sendRecv(sendbuf, sendcount, Lower.type(sendtype), dest, sendtag, recvbuf, 0,
                    Lower.type(recvtype), MPI.PROC_NULL, recvtag);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        Requests.countSent(comm, dest);
        return recv(comm, recvbuf, recvcount, recvtype, source, recvtag);
    }

    /** MPI_Sendrecv_replace whose receive a drained message satisfies, or null. */
    public static long[] sendRecvReplace(int comm, Object buf, int count, int type, int dest, int sendtag, int source,
                                         int recvtag) throws ManaException {
        if (find(comm, source, recvtag, false) == null) {
            return null;
        }
        try {
            Lower.comm(comm).sendRecvReplace(buf, count, Lower.type(type), dest, sendtag, MPI.PROC_NULL, recvtag);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        Requests.countSent(comm, dest);
        return recv(comm, buf, count, type, source, recvtag);
    }

    /** MPI_Probe / MPI_Iprobe from the buffer: the status, or null. */
    public static long[] probe(int comm, int source, int tag) throws ManaException {
        Lower.comm(comm);
        Message m = find(comm, source, tag, false);
        return m == null ? null : status(m);
    }

    /**
     * MPI_Irecv from the buffer: a request handle already complete (its lower request is the
     * null request), or {@link Vid#NULL} when nothing matches.
     */
    public static int iRecv(int comm, Buffer buf, int count, int type, int source, int tag) throws ManaException {
        Lower.comm(comm);
        Message m = find(comm, source, tag, true);
        if (m == null) {
            return Vid.NULL;
        }
        long[] status = deliver(m, buf, count, type);
        int vid = Requests.create(MPI.REQUEST_NULL, RequestDescriptor.Op.IRECV, comm, buf, count, type, source, tag);
        earlyCompleted(Requests.descriptor(vid), status);
        return vid;
    }

    /** MPI_Start of a persistent receive that a drained message satisfies: true if it was served. */
    public static boolean start(int request) throws ManaException {
        RequestDescriptor d = Requests.descriptor(request);
        if (d == null || d.op() != RequestDescriptor.Op.RECV_INIT) {
            return false;
        }
        Message m = find(d.comm(), d.peer(), d.tag(), true);
        if (m == null) {
            return false;
        }
        long[] status = deliver(m, d.buffer(), d.count(), d.type());
        d.markStarted();
        earlyCompleted(d, status);
        return true;
    }

    /** MPI_Mprobe / MPI_Improbe from the buffer: a message handle (its lower object is the drained message), or 0. */
    public static int mProbe(int comm, int source, int tag, long[] status) throws ManaException {
        Lower.comm(comm);
        Message m = find(comm, source, tag, true);
        if (m == null) {
            return Vid.NULL;
        }
        if (status != null) {
            long[] s = status(m);
            System.arraycopy(s, 0, status, 0, Math.min(s.length, status.length));
        }
        MATCHED.incrementAndGet(); // keeps the guard on until the message is received
        active = true;
        return Handles.TABLE.create(Kind.MESSAGE, m,
                new MatchedMessage(Sequence.next(), m.comm, m.source, m.tag, m.data.length, m.data));
    }

    /**
     * At a checkpoint's cut: receives a message the lower half matched for a live message handle
     * (it has left MPI's matching, so the drain cannot take it, and a restart cannot rebuild
     * the lower half's matched message), and binds the handle to the bytes instead. The
     * application's {@code mRecv} then takes it from here, in this run or after a restart.
     */
    public static void receiveMatched(int vid, mpi.Message lower, MatchedMessage d) throws ManaException {
        byte[] data = new byte[d.bytes()];
        try {
            lower.mRecv(data, d.bytes(), MPI.BYTE);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        d.received(data);
        Handles.TABLE.rebind(vid, Kind.MESSAGE, new Message(d.comm(), d.source(), d.tag(), data));
        MATCHED.incrementAndGet();
        active = true;
    }

    /** At a restart: a message handle restored with the message's bytes; returns its lower object. */
    public static Message restoreMatched(MatchedMessage d) {
        MATCHED.incrementAndGet();
        active = true;
        return new Message(d.comm(), d.source(), d.tag(), d.data());
    }

    /** True when a message handle stands for a drained message (from {@link #mProbe}). */
    public static boolean isMessage(int message) {
        try {
            return !Vid.isPredefined(message) && Handles.TABLE.isLive(message)
                    && Handles.lower(message, Kind.MESSAGE) instanceof Message;
        } catch (ManaException e) {
            return false;
        }
    }

    /** MPI_Mrecv of a drained message. */
    public static long[] mRecv(int message, Object buf, int count, int type) throws ManaException {
        Message m = (Message) Handles.lower(message, Kind.MESSAGE);
        Handles.TABLE.free(message, Kind.MESSAGE);
        MATCHED.decrementAndGet();
        update();
        return deliver(m, buf, count, type);
    }

    /** MPI_Imrecv of a drained message: an already complete request. */
    public static int imRecv(int message, Buffer buf, int count, int type) throws ManaException {
        Message m = (Message) Handles.lower(message, Kind.MESSAGE);
        Handles.TABLE.free(message, Kind.MESSAGE);
        MATCHED.decrementAndGet();
        update();
        long[] s = deliver(m, buf, count, type);
        int vid = Requests.create(MPI.REQUEST_NULL, RequestDescriptor.Op.IMRECV, m.comm, buf, count, type, m.source, m.tag);
        earlyCompleted(Requests.descriptor(vid), s);
        return vid;
    }

    // ---- requests MANA completed itself -------------------------------------------------------

    /** The descriptor of a request MANA completed and the application has not seen yet, or null. */
    public static RequestDescriptor early(int request) {
        RequestDescriptor d = Requests.descriptor(request);
        return d != null && d.completion() != null ? d : null;
    }

    /**
     * The application waits for (or tests) a request MANA completed: copies the status, frees a
     * non-persistent request (the application then holds the null request) or makes a persistent
     * one inactive. Returns the handle the application holds now.
     */
    public static int finish(int request, RequestDescriptor d, long[] statusOut) throws ManaException {
        long[] s = d.completion();
        if (statusOut != null && s != null) {
            System.arraycopy(s, 0, statusOut, 0, Math.min(s.length, statusOut.length));
        }
        d.clearCompletion();
        EARLY.decrementAndGet();
        update();
        if (d.isPersistent()) {
            return request;
        }
        Handles.TABLE.free(request, Kind.REQUEST); // retires d
        return Requests.NULL;
    }

    /** MPI_Request_free of a request with an unseen early completion. */
    public static void freed(int request, RequestDescriptor d) throws ManaException {
        d.clearCompletion();
        EARLY.decrementAndGet();
        update();
        Requests.freed(request);
    }

    /** Index of the first request in the array with an early completion, or -1. */
    public static int firstEarly(int[] requests) {
        for (int i = 0; i < requests.length; i++) {
            if (early(requests[i]) != null) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Finishes every early-completed request of an array (waitall/testall/waitsome): returns
     * their status fields by index (null entries for the others), or null if there was none.
     */
    public static long[][] finishAll(int[] requests) throws ManaException {
        long[][] out = null;
        for (int i = 0; i < requests.length; i++) {
            RequestDescriptor d = early(requests[i]);
            if (d != null) {
                if (out == null) {
                    out = new long[requests.length][];
                }
                long[] s = new long[6];
                requests[i] = finish(requests[i], d, s);
                s[5] = i;
                out[i] = s;
            }
        }
        return out;
    }

    /** At a restart: the buffer and the early-completion count start from what the checkpoint held. */
    public static synchronized void reset(List<Message> messages, int earlyCompletions) {
        MESSAGES.clear();
        MESSAGES.addAll(messages);
        EARLY.set(earlyCompletions);
        update();
    }

    private Drained() {
    }
}
