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

    Request(int vid) {
        this.vid = vid;
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
                requests[i].vid = v[i];
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
                vid = rp().free(vid);
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
            vid = rp().waitFor(vid, s.data);
            return s;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void waitFor() throws MPIException {
        try {
            vid = rp().waitFor(vid, null);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Status testStatus() throws MPIException {
        try {
            Status s = new Status();
            long r = rp().test(vid, s.data);
            vid = (int) r;
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
            vid = (int) r;
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
