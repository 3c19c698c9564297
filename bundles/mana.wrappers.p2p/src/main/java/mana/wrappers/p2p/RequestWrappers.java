package mana.wrappers.p2p;

import mana.core.desc.RequestDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.RequestProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mana.wrappers.base.Drained;
import mana.wrappers.base.Lower;
import mana.wrappers.base.Requests;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import org.osgi.service.component.annotations.Component;

/**
 * Request wrappers: completion, cancellation, freeing and starting of requests. After the
 * lower half completes a request, {@link Requests#completed} counts a received message,
 * drops the log entry and frees the handle of a non-persistent request (the application's
 * Request then holds the null request, as in Open MPI). Receives from ANY_SOURCE are completed
 * with a status even when the application asked for none, so that the message is counted
 * against the right peer.
 */
@Component(service = RequestProvider.class)
public final class RequestWrappers implements RequestProvider {
    private static final int FREE = FunctionStats.id("MPI_Request_free");
    private static final int CANCEL = FunctionStats.id("MPI_Cancel");
    private static final int WAIT = FunctionStats.id("MPI_Wait");
    private static final int TEST = FunctionStats.id("MPI_Test");
    private static final int GET_STATUS = FunctionStats.id("MPI_Request_get_status");
    private static final int WAITANY = FunctionStats.id("MPI_Waitany");
    private static final int TESTANY = FunctionStats.id("MPI_Testany");
    private static final int WAITALL = FunctionStats.id("MPI_Waitall");
    private static final int TESTALL = FunctionStats.id("MPI_Testall");
    private static final int WAITSOME = FunctionStats.id("MPI_Waitsome");
    private static final int TESTSOME = FunctionStats.id("MPI_Testsome");
    private static final int START = FunctionStats.id("MPI_Start");
    private static final int STARTALL = FunctionStats.id("MPI_Startall");

    /** The lower half's MPI.ANY_SOURCE (set by its native code when the class loads). */
    private static final int ANY_SOURCE = MPI.ANY_SOURCE;

    private static boolean needsStatus(int vid) {
        return !Vid.isPredefined(vid) && Requests.needsStatus(vid, MPI.ANY_SOURCE);
    }

    private static boolean needsStatus(int[] vids) {
        for (int v : vids) {
            if (needsStatus(v)) {
                return true;
            }
        }
        return false;
    }

    /**
     * After an array call failed: Open MPI completed and freed requests anyway (the failed ones
     * in ompi_errhandler_request_invoke), and {@link LowerArrays} put their new (null) handles
     * into the lower objects. Drops the virtual handles of those requests, so nothing leaks and
     * a later use of one is a clear "freed" error (the application's Request objects keep their
     * handles, as the raw binding's keep theirs).
     */
    private static void droppedAfterError(int[] requests, Request[] r) {
        if (r == null) {
            return;
        }
        for (int i = 0; i < requests.length; i++) {
            if (r[i] != null && r[i].isNull() && !Vid.isPredefined(requests[i])) {
                RequestDescriptor d = Requests.descriptor(requests[i]);
                // a cancelled receive may have completed without a message: counting it would let
                // the drain stop before a message still in flight arrived
                if (d != null && d.op().isReceive() && d.op() != RequestDescriptor.Op.IMRECV && !d.isCancelled()) {
                    if (d.peer() >= 0) {
                        Requests.countReceived(d.comm(), d.peer()); // matched
                    } else if (d.peer() == ANY_SOURCE) {
                        Requests.countReceivedFromUnknownSource(d.comm()); // matched, the status is lost
                    }
                }
                droppedAfterError(requests[i]);
            }
        }
    }

    /**
     * Open MPI frees a request whose completion failed (ompi_errhandler_request_invoke) but the
     * binding keeps the old handle: drop ours too, so that a later use is a clear "freed" error.
     */
    private static void droppedAfterError(int request) {
        droppedAfterError(request, 0);
    }

    /**
     * {@link #droppedAfterError(int)} after an error of {@code errorClass}: a receive that failed
     * with MPI_ERR_TRUNCATE consumed its message, so it is counted as received (or a checkpoint
     * would wait for it in the drain). From ANY_SOURCE the source is unknown (Open MPI's Java
     * binding throws the status away): it counts as received from an unknown source, which the
     * checkpoint drain attributes.
     */
    private static void droppedAfterError(int request, int errorClass) {
        if (errorClass == ErrorClass.TRUNCATE && !Vid.isPredefined(request)) {
            RequestDescriptor d = Requests.descriptor(request);
            if (d != null && d.op().isReceive() && d.op() != RequestDescriptor.Op.IMRECV) {
                if (d.peer() >= 0) {
                    Requests.countReceived(d.comm(), d.peer());
                } else if (d.peer() == ANY_SOURCE) {
                    Requests.countReceivedFromUnknownSource(d.comm());
                }
            }
        }
        if (!Vid.isPredefined(request) && mana.core.vid.Handles.TABLE.isLive(request)) {
            try {
                Requests.freed(request);
            } catch (ManaException ignored) {
                // freed concurrently
            }
        }
    }

    @Override
    public int free(int request) throws ManaException {
        FunctionStats.count(FREE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Vid.isPredefined(request)) {
                Requests.lower(request); // validates; freeing the null request does nothing, as in Open MPI
                return request;
            }
            RequestDescriptor early = Drained.active ? Drained.early(request) : null;
            if (early != null) {
                Drained.freed(request, early);
                return Requests.NULL;
            }
            Request r = Requests.lower(request);
            r.free();
            Requests.freed(request);
            return Requests.NULL;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void cancel(int request) throws ManaException {
        FunctionStats.count(CANCEL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Request r = Requests.lower(request);
            if (Drained.active && Drained.early(request) != null) {
                return; // already complete: cancelling has no effect, as in MPI
            }
            r.cancel();
            RequestDescriptor d = Requests.descriptor(request);
            if (d != null) {
                d.markCancelled();
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int waitFor(int request, long[] status) throws ManaException {
        FunctionStats.count(WAIT);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            RequestDescriptor early = Drained.active ? Drained.early(request) : null;
            if (early != null) {
                return Drained.finish(request, early, status);
            }
            VidTable.Entry e = Requests.entry(request);
            Request r = (Request) e.lower();
            RequestDescriptor d = Requests.logged(e);
            if (status == null && !Requests.needsStatus(d, ANY_SOURCE)) {
                r.waitFor();
                return Requests.completed(request, e, d, r, null);
            }
            long[] data = Lower.statusFields(r.waitStatus());
            if (status != null) {
                System.arraycopy(data, 0, status, 0, Math.min(data.length, status.length));
            }
            return Requests.completed(request, e, d, r, data);
        } catch (MPIException e) {
            droppedAfterError(request, e.getErrorClass());
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long test(int request, long[] status) throws ManaException {
        FunctionStats.count(TEST);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            RequestDescriptor early = Drained.active ? Drained.early(request) : null;
            if (early != null) {
                return FLAG | (Drained.finish(request, early, status) & 0xFFFFFFFFL);
            }
            VidTable.Entry e = Requests.entry(request);
            Request r = (Request) e.lower();
            RequestDescriptor d = Requests.logged(e);
            if (status == null && !Requests.needsStatus(d, ANY_SOURCE)) {
                if (!r.test()) {
                    return request & 0xFFFFFFFFL;
                }
                return FLAG | (Requests.completed(request, e, d, r, null) & 0xFFFFFFFFL);
            }
            Status s = r.testStatus();
            if (s == null) {
                return request & 0xFFFFFFFFL;
            }
            long[] data = Lower.statusFields(s);
            if (status != null) {
                System.arraycopy(data, 0, status, 0, Math.min(data.length, status.length));
            }
            return FLAG | (Requests.completed(request, e, d, r, data) & 0xFFFFFFFFL);
        } catch (MPIException e) {
            droppedAfterError(request, e.getErrorClass());
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[] getStatus(int request) throws ManaException {
        FunctionStats.count(GET_STATUS);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            RequestDescriptor early = Drained.active ? Drained.early(request) : null;
            if (early != null) {
                return early.completion().clone();
            }
            Status s = Requests.lower(request).getStatus();
            return s == null ? null : Lower.statusFields(s);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int waitAny(int[] requests, long[] status) throws ManaException {
        FunctionStats.count(WAITANY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            int first = Drained.active ? Drained.firstEarly(requests) : -1;
            if (first >= 0) {
                requests[first] = Drained.finish(requests[first], Drained.early(requests[first]), status);
                return first;
            }
            r = Requests.lower(requests);
            int index;
            long[] data = null;
            if (status == null && !needsStatus(requests)) {
                index = LowerArrays.waitAny(r);
            } else {
                Status s = LowerArrays.waitAnyStatus(r);
                data = Lower.statusFields(s);
                index = s.getIndex();
                if (status != null) {
                    System.arraycopy(data, 0, status, 0, Math.min(data.length, status.length));
                }
            }
            if (index >= 0 && index < requests.length) {
                requests[index] = Requests.completed(requests[index], r[index], data);
            }
            return index;
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long testAny(int[] requests, long[] status) throws ManaException {
        FunctionStats.count(TESTANY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            int first = Drained.active ? Drained.firstEarly(requests) : -1;
            if (first >= 0) {
                requests[first] = Drained.finish(requests[first], Drained.early(requests[first]), status);
                return FLAG | first;
            }
            r = Requests.lower(requests);
            int index;
            long[] data = null;
            boolean flag;
            if (status == null && !needsStatus(requests)) {
                index = LowerArrays.testAny(r);
                flag = index >= 0;
            } else {
                Status s = LowerArrays.testAnyStatus(r);
                flag = s != null;
                index = flag ? s.getIndex() : MPI.UNDEFINED;
                if (flag) {
                    data = Lower.statusFields(s);
                    if (status != null) {
                        System.arraycopy(data, 0, status, 0, Math.min(data.length, status.length));
                    }
                }
            }
            if (index >= 0 && index < requests.length) {
                requests[index] = Requests.completed(requests[index], r[index], data);
            }
            return (flag ? FLAG : 0L) | (index & 0xFFFFFFFFL);
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    private static void completedAll(int[] requests, Request[] r, Status[] s, long[][] statuses)
            throws ManaException {
        for (int i = 0; i < requests.length; i++) {
            long[] data = s != null && s[i] != null ? Lower.statusFields(s[i]) : null;
            if (statuses != null && i < statuses.length) {
                statuses[i] = data;
            }
            requests[i] = Requests.completed(requests[i], r[i], data);
        }
    }

    @Override
    public void waitAll(int[] requests, long[][] statuses) throws ManaException {
        FunctionStats.count(WAITALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                DrainedArrays.waitAll(this, requests, statuses);
                return;
            }
            waitAllLower(requests, statuses);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /** waitall by the lower half (inside the gate). */
    void waitAllLower(int[] requests, long[][] statuses) throws ManaException {
        Request[] r = null;
        try {
            r = Requests.lower(requests);
            if (statuses == null && !needsStatus(requests)) {
                LowerArrays.waitAll(r);
                completedAll(requests, r, null, null);
            } else {
                completedAll(requests, r, LowerArrays.waitAllStatus(r), statuses);
            }
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        }
    }

    @Override
    public boolean testAll(int[] requests, long[][] statuses) throws ManaException {
        FunctionStats.count(TESTALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                return DrainedArrays.testAll(this, requests, statuses);
            }
            return testAllLower(requests, statuses);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /** testall by the lower half (inside the gate). */
    boolean testAllLower(int[] requests, long[][] statuses) throws ManaException {
        Request[] r = null;
        try {
            r = Requests.lower(requests);
            if (statuses == null && !needsStatus(requests)) {
                if (!LowerArrays.testAll(r)) {
                    return false;
                }
                completedAll(requests, r, null, null);
                return true;
            }
            Status[] s = LowerArrays.testAllStatus(r);
            if (s == null) {
                return false;
            }
            completedAll(requests, r, s, statuses);
            return true;
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        }
    }

    private static long[][] completedSome(int[] requests, Request[] r, Status[] s) throws ManaException {
        if (s == null) {
            return null;
        }
        long[][] out = new long[s.length][];
        for (int k = 0; k < s.length; k++) {
            long[] data = Lower.statusFields(s[k]);
            out[k] = data;
            int i = s[k].getIndex();
            requests[i] = Requests.completed(requests[i], r[i], data);
        }
        return out;
    }

    private static int[] completedSome(int[] requests, Request[] r, int[] indices) throws ManaException {
        if (indices != null) {
            for (int i : indices) {
                requests[i] = Requests.completed(requests[i], r[i], null);
            }
        }
        return indices;
    }

    private static int[] indices(long[][] statuses) {
        if (statuses == null) {
            return null;
        }
        int[] out = new int[statuses.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = (int) statuses[k][5];
        }
        return out;
    }

    @Override
    public int[] waitSome(int[] requests) throws ManaException {
        FunctionStats.count(WAITSOME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                return DrainedArrays.indices(Drained.finishAll(requests));
            }
            r = Requests.lower(requests);
            if (!needsStatus(requests)) {
                return completedSome(requests, r, LowerArrays.waitSome(r));
            }
            return indices(completedSome(requests, r, LowerArrays.waitSomeStatus(r)));
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[][] waitSomeStatus(int[] requests) throws ManaException {
        FunctionStats.count(WAITSOME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                return DrainedArrays.statuses(Drained.finishAll(requests));
            }
            r = Requests.lower(requests);
            return completedSome(requests, r, LowerArrays.waitSomeStatus(r));
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int[] testSome(int[] requests) throws ManaException {
        FunctionStats.count(TESTSOME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                return DrainedArrays.indices(Drained.finishAll(requests));
            }
            r = Requests.lower(requests);
            if (!needsStatus(requests)) {
                return completedSome(requests, r, LowerArrays.testSome(r));
            }
            return indices(completedSome(requests, r, LowerArrays.testSomeStatus(r)));
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[][] testSomeStatus(int[] requests) throws ManaException {
        FunctionStats.count(TESTSOME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        Request[] r = null;
        try {
            if (Drained.active && Drained.firstEarly(requests) >= 0) {
                return DrainedArrays.statuses(Drained.finishAll(requests));
            }
            r = Requests.lower(requests);
            return completedSome(requests, r, LowerArrays.testSomeStatus(r));
        } catch (MPIException e) {
            droppedAfterError(requests, r);
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    private static void started(int request) {
        RequestDescriptor d = Requests.descriptor(request);
        if (d != null) {
            d.markStarted();
            if (!d.op().isReceive()) {
                Requests.countSent(d.comm(), d.peer());
            }
        }
    }

    @Override
    public void start(int request) throws ManaException {
        FunctionStats.count(START);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Request r = Requests.lower(request);
            if (!(r instanceof Prequest p)) {
                throw ManaException.of(mana.core.error.ErrorClass.REQUEST, "invalid request: "
                        + (Vid.isPredefined(request) ? "the null request (a freed request?)" : Vid.toString(request))
                        + " is not a persistent request");
            }
            if (Drained.active && Drained.start(request)) {
                return;
            }
            p.start();
            started(request);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void startAll(int[] requests) throws ManaException {
        FunctionStats.count(STARTALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Prequest[] lower = Requests.lowerPersistent(requests);
            if (Drained.active) {
                for (int i = 0; i < requests.length; i++) {
                    if (!Drained.start(requests[i])) {
                        lower[i].start();
                        started(requests[i]);
                    }
                }
                return;
            }
            Prequest.startAll(lower);
            for (int v : requests) {
                started(v);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }
}
