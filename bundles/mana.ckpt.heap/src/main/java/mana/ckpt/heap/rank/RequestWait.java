package mana.ckpt.heap.rank;

import mana.core.fn.FunctionTable;
import mana.core.fn.RequestProvider;
import mana.core.vid.HandleObjects;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * The completions a wait of the main thread waits for, found from the woven site's receiver and
 * arguments (Open MPI's Java binding: {@code Request.waitFor()}, {@code waitStatus()}, and the
 * static {@code waitAll}, {@code waitAny}, {@code waitSome} on a {@code Request[]}, with their
 * {@code ...Status} forms). Checked with {@code MPI_Request_get_status}, which leaves the request
 * as it is (a completion the checkpoint engine kept counts too): waitAll needs every request
 * complete, waitAny and waitSome one (or none active, when MPI returns at once too).
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
            return vid == HandleObjects.NOT_A_HANDLE ? null : new RequestWait(rp, new int[] {(int) vid}, true);
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
        }
        return new RequestWait(rp, vids, method.startsWith("waitAll"));
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

    /** The null request (a completed one is replaced by it): complete for every wait, and not active for waitAny/waitSome. */
    private static boolean isNull(int vid) {
        return vid == 0 || vid == REQUEST_NULL;
    }
}
