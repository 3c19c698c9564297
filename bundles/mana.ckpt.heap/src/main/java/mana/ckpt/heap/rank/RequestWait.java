package mana.ckpt.heap.rank;

import mana.core.desc.RequestDescriptor;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.RequestProvider;
import mana.core.vid.HandleObjects;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * The completions a wait of the main thread waits for, found from the woven site's receiver and
 * arguments (Open MPI's Java binding: {@code Request.waitFor()}, {@code waitStatus()}, and the
 * static {@code waitAll}, {@code waitAny}, {@code waitSome} on a {@code Request[]}, with their
 * {@code ...Status} forms). Checked with {@code MPI_Request_get_status}, which leaves the request
 * as it is (a completion the checkpoint engine kept counts too): waitAll needs every request
 * complete, waitAny and waitSome one (or none active, when MPI returns at once too).
 * A wait on a non-blocking collective still pending is no cut point (made as is): a checkpoint
 * cannot take such a request, and the collective completes once every member has started it, so
 * the rank reaches its next cut point (a member stopped before starting it is let on by the
 * coordinator's PASS or raised limit, as for a blocking call).
 */
final class RequestWait implements Arrival {

    private static final int REQUEST_NULL = Predefined.handle(Kind.REQUEST, "REQUEST_NULL");

    private final RequestProvider requests;
    private final int[] vids;
    private final boolean all;

    private RequestWait(RequestProvider requests, int[] vids, boolean all) {
        this.requests = requests;
        this.vids = vids;
        this.all = all;
    }

    /** The wait for this call, or null when the arguments are not those of a known wait (the call is then made as is). */
    static RequestWait of(String method, Object receiver, Object[] args) {
        HandleObjects h = HandleObjects.get();
        RequestProvider rp = FunctionTable.request();
        if (h == null || rp == null || args == null) {
            return null;
        }
        if (method.equals("waitFor") || method.equals("waitStatus")) {
            long vid = receiver == null ? HandleObjects.NOT_A_HANDLE : h.vidOf(receiver);
            return vid == HandleObjects.NOT_A_HANDLE || pendingCollective((int) vid) || !logged((int) vid) ? null
                    : new RequestWait(rp, new int[] {(int) vid}, true);
        }
        if (args.length != 1 || !(args[0] instanceof Object[] array)) {
            return null;
        }
        int[] vids = new int[array.length];
        for (int i = 0; i < array.length; i++) {
            long vid = array[i] == null ? HandleObjects.NOT_A_HANDLE : h.vidOf(array[i]);
            if (vid == HandleObjects.NOT_A_HANDLE) {
                return null; // a null element: the call names the problem itself
            }
            vids[i] = (int) vid;
            if (pendingCollective(vids[i]) || !logged(vids[i])) {
                return null;
            }
        }
        return new RequestWait(rp, vids, method.startsWith("waitAll"));
    }

    /**
     * Whether a test's receiver (a {@code Request}) or array argument (the static tests on a
     * {@code Request[]}) holds a non-blocking collective still pending.
     */
    static boolean namesPendingCollective(Object receiver, Object[] args) {
        HandleObjects h = HandleObjects.get();
        if (h == null) {
            return false;
        }
        if (receiver != null && pendingCollective(h, receiver)) {
            return true;
        }
        if (args != null && args.length == 1 && args[0] instanceof Object[] array) {
            for (Object r : array) {
                if (r != null && pendingCollective(h, r)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether this rank has any non-blocking collective still pending (a scan of the request log: not for hot paths). */
    static boolean anyPendingCollective() {
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            if (d.isCollective() && d.isActive() && d.completion() == null) {
                return true;
            }
        }
        return false;
    }

    private static boolean pendingCollective(HandleObjects h, Object request) {
        long vid = h.vidOf(request);
        return vid != HandleObjects.NOT_A_HANDLE && pendingCollective((int) vid);
    }

    @Override
    public boolean arrived() {
        try {
            boolean anyActive = false;
            for (int vid : vids) {
                if (isNull(vid)) {
                    continue;
                }
                anyActive = true;
                boolean done = requests.getStatus(vid) != null;
                if (done && !all) {
                    return true;
                }
                if (!done && all) {
                    return false;
                }
            }
            return all || !anyActive;
        } catch (Exception e) {
            return true;
        }
    }

    /**
     * A request of the point-to-point / collective log, or the null request. Others (MPI-IO and
     * one-sided requests) are made inside MPI: they complete without a peer, so they cannot hold
     * a cut, and MPICH's MPI-IO requests (ROMIO generalized requests) make no progress under
     * {@code MPI_Request_get_status}: a wait outside MPI would spin for ever.
     */
    private static boolean logged(int vid) {
        if (isNull(vid)) {
            return true;
        }
        try {
            // MPI-IO and one-sided requests are in the table without a descriptor
            return Handles.descriptor(vid, Kind.REQUEST) instanceof RequestDescriptor;
        } catch (ManaException | RuntimeException e) {
            return true; // not a live request: waited for as before, the wait then names the problem
        }
    }

    /** A non-blocking collective MANA has not seen complete yet. */
    private static boolean pendingCollective(int vid) {
        if (isNull(vid)) {
            return false;
        }
        try {
            return Handles.descriptor(vid, Kind.REQUEST) instanceof RequestDescriptor d && d.isCollective() && d.isActive()
                    && d.completion() == null;
        } catch (ManaException | RuntimeException e) {
            return false; // not a request MANA logged: the wait itself names any problem
        }
    }

    /** The null request (a completed one is replaced by it): complete for every wait, and not active for waitAny/waitSome. */
    private static boolean isNull(int vid) {
        return vid == 0 || vid == REQUEST_NULL;
    }
}
