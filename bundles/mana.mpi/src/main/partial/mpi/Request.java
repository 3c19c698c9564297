package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.RequestProvider;

/**
 * A request of a non-blocking operation; it holds a MANA handle. As in Open MPI, completing a
 * non-persistent request (wait, test, or a request array call) replaces it with the null
 * request, so {@link #isNull()} is true afterwards and waiting again returns at once; a
 * persistent request keeps its handle.
 */
public class Request implements Freeable {
    /** The MANA handle (see mana.core.vid.Vid); the null request's after completion or free. */
    int vid;
    /**
     * Open MPI's protected {@code handle}, for subclasses: the MANA handle as an unsigned value,
     * kept equal to {@link #vid} (MANA reads only {@code vid}).
     */
    protected long handle;
    /** As in Open MPI: the buffers a subclass ties to this request ({@link #addSendBufRef}, {@link #addRecvBufRef}). */
    protected java.nio.Buffer sendBuf;
    protected java.nio.Buffer recvBuf;

    Request(int vid) {
        this.vid = vid;
        this.handle = ManaHandles.handleOf(vid);
    }

    /**
     * As in Open MPI: an object for the {@code handle} of a live request (both objects then name
     * the same request). Any other value gives an object whose every use fails with MPI_ERR_REQUEST.
     */
    protected Request(long handle) {
        this(ManaHandles.vidOf(handle, mana.core.vid.Kind.REQUEST));
    }

    /** Sets {@link #vid} and the {@code handle} subclasses see. */
    final void setVid(int v) {
        vid = v;
        handle = ManaHandles.handleOf(v);
    }

    /** As in Open MPI: the handle of MPI_REQUEST_NULL. */
    protected static long getNull() {
        return ManaHandles.handleOf(MPI.REQUEST_NULL.vid);
    }

    /** As in Open MPI: keeps the receive buffer of this request reachable. */
    protected final void addRecvBufRef(java.nio.Buffer buf) {
        this.recvBuf = buf;
    }

    /** As in Open MPI: keeps the send buffer of this request reachable. */
    protected final void addSendBufRef(java.nio.Buffer buf) {
        this.sendBuf = buf;
    }

    /** As in Open MPI: the handles of {@code r} (an element that is null gives an NPE, as there). */
    protected static long[] getHandles(Request[] r) {
        long[] h = new long[r.length];
        for (int i = 0; i < r.length; i++) {
            h[i] = r[i].handle;
        }
        return h;
    }

    /** As in Open MPI: sets the handles of {@code r} from {@code h}. */
    protected static void setHandles(Request[] r, long[] h) {
        for (int i = 0; i < r.length; i++) {
            r[i].setVid(ManaHandles.vidOf(h[i], mana.core.vid.Kind.REQUEST));
        }
    }

    private static RequestProvider rp() {
        return FunctionTable.request();
    }

    /** The handles of an array of requests; a null element becomes the null handle (the wrapper names it). */
    static int[] vids(Request[] requests) {
        int[] v = new int[requests.length];
        for (int i = 0; i < requests.length; i++) {
            v[i] = requests[i] == null ? 0 : requests[i].vid;
        }
        return v;
    }

    static void setVids(Request[] requests, int[] v) {
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] != null) {
                requests[i].setVid(v[i]);
            }
        }
    }

    private static Status[] statuses(long[][] s) {
        if (s == null) {
            return null;
        }
        Status[] out = new Status[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = new Status(s[i] != null ? s[i] : new long[6]);
        }
        return out;
    }

    @Override
    public void free() throws MPIException {
        if (!isNull()) {
            try {
                setVid(rp().free(vid));
            } catch (ManaException e) {
                throw ManaErrors.of(e);
            }
        }
    }

    public final void cancel() throws MPIException {
        try {
            rp().cancel(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final boolean isNull() {
        return vid == 0 || vid == MPI.REQUEST_NULL.vid;
    }

    public final Status waitStatus() throws MPIException {
        try {
            Status s = new Status();
            setVid(rp().waitFor(vid, s.data));
            return s;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void waitFor() throws MPIException {
        try {
            setVid(rp().waitFor(vid, null));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Status testStatus() throws MPIException {
        try {
            Status s = new Status();
            long r = rp().test(vid, s.data);
            setVid((int) r);
            return (r & RequestProvider.FLAG) != 0 ? s : null;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Status getStatus() throws MPIException {
        try {
            long[] s = rp().getStatus(vid);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final boolean test() throws MPIException {
        try {
            long r = rp().test(vid, null);
            setVid((int) r);
            return (r & RequestProvider.FLAG) != 0;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            Status s = new Status();
            rp().waitAny(v, s.data);
            setVids(requests, v);
            return s;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int waitAny(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            int index = rp().waitAny(v, null);
            setVids(requests, v);
            return index;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status testAnyStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            Status s = new Status();
            long r = rp().testAny(v, s.data);
            setVids(requests, v);
            return (r & RequestProvider.FLAG) != 0 ? s : null;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int testAny(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            long r = rp().testAny(v, null);
            setVids(requests, v);
            return (int) r;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            long[][] s = new long[v.length][];
            rp().waitAll(v, s);
            setVids(requests, v);
            return statuses(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void waitAll(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            rp().waitAll(v, null);
            setVids(requests, v);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            long[][] s = new long[v.length][];
            boolean done = rp().testAll(v, s);
            setVids(requests, v);
            return done ? statuses(s) : null;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static boolean testAll(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            boolean done = rp().testAll(v, null);
            setVids(requests, v);
            return done;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            long[][] s = rp().waitSomeStatus(v);
            setVids(requests, v);
            return statuses(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int[] waitSome(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            int[] idx = rp().waitSome(v);
            setVids(requests, v);
            return idx;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            long[][] s = rp().testSomeStatus(v);
            setVids(requests, v);
            return statuses(s);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int[] testSome(Request[] requests) throws MPIException {
        int[] v = vids(requests);
        try {
            int[] idx = rp().testSome(v);
            setVids(requests, v);
            return idx;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
