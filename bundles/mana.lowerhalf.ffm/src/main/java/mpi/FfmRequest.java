package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.allocHandle;
import static mpi.FfmSupport.allocStatus;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.getHandle;
import static mpi.FfmSupport.newStatus;
import static mpi.FfmSupport.statusToJava;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Request (ompi/mpi/java/c/mpi_Request.c). */
final class FfmRequest {

    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Request_free", "int ptr"); }
    private static final class CANCEL { static final MethodHandle H = FfmLib.fn("MPI_Cancel", "int ptr"); }
    private static final class WAIT { static final MethodHandle H = FfmLib.fn("MPI_Wait", "int ptr ptr"); }
    private static final class TEST { static final MethodHandle H = FfmLib.fn("MPI_Test", "int ptr ptr ptr"); }
    private static final class GET_STATUS {
        static final MethodHandle H = FfmLib.fn("MPI_Request_get_status", "int req ptr ptr");
    }
    private static final class WAITANY { static final MethodHandle H = FfmLib.fn("MPI_Waitany", "int int ptr ptr ptr"); }
    private static final class TESTANY { static final MethodHandle H = FfmLib.fn("MPI_Testany", "int int ptr ptr ptr ptr"); }
    private static final class WAITALL { static final MethodHandle H = FfmLib.fn("MPI_Waitall", "int int ptr ptr"); }
    private static final class TESTALL { static final MethodHandle H = FfmLib.fn("MPI_Testall", "int int ptr ptr ptr"); }
    private static final class WAITSOME { static final MethodHandle H = FfmLib.fn("MPI_Waitsome", "int int ptr ptr ptr ptr"); }
    private static final class TESTSOME { static final MethodHandle H = FfmLib.fn("MPI_Testsome", "int int ptr ptr ptr ptr"); }
    static final MemorySegment STATUS_IGNORE = MemorySegment.ofAddress(FfmLib.c("MPI_STATUS_IGNORE"));
    static final MemorySegment STATUSES_IGNORE = MemorySegment.ofAddress(FfmLib.c("MPI_STATUSES_IGNORE"));
    private static final int UNDEFINED = (int) FfmLib.c("MPI_UNDEFINED");

    private FfmRequest() {
    }

    static void init() {
    }

    static long getNull() {
        return FfmLib.c("MPI_REQUEST_NULL");
    }

    static long free(Request self, long req) throws MPIException {
        long after = onRequest(FREE.H, req);
        FfmKeep.update(req, after);
        return after;
    }

    static void cancel(Request self, long request) throws MPIException {
        onRequest(CANCEL.H, request);
    }

    private static long onRequest(MethodHandle h, long req) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment r = allocHandle(a, "req", req);
            check((int) h.invokeExact(r));
            return getHandle(r, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long waitStatus(Request self, long request, long[] stat) throws MPIException {
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment r = a.handleSlot();
            FfmSupport.setHandle(r, "req", 0, request);
            MemorySegment st = a.statusSlot();
            check((int) WAIT.H.invokeExact(r, st));
            statusToJava(st, stat, -1);
            FfmKeep.update(request, getHandle(r, "req", 0));
            return getHandle(r, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long waitFor(Request self, long request) throws MPIException {
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment r = a.handleSlot();
            FfmSupport.setHandle(r, "req", 0, request);
            check((int) WAIT.H.invokeExact(r, STATUS_IGNORE));
            FfmKeep.update(request, getHandle(r, "req", 0));
            return getHandle(r, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status testStatus(Request self, long request) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment r = allocHandle(a, "req", request);
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment st = allocStatus(a);
            check((int) TEST.H.invokeExact(r, flag, st));
            self.handle = getHandle(r, "req", 0);
            FfmKeep.update(request, self.handle);
            return flag.get(JAVA_INT, 0) != 0 ? newStatus(st) : null;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status getStatus(Request self, long request) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment st = allocStatus(a);
            check((int) GET_STATUS.H.invokeExact(request, flag, st));
            return flag.get(JAVA_INT, 0) != 0 ? newStatus(st) : null;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static boolean test(Request self, long handle) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment r = allocHandle(a, "req", handle);
            MemorySegment flag = a.allocate(JAVA_INT);
            check((int) TEST.H.invokeExact(r, flag, STATUS_IGNORE));
            self.handle = getHandle(r, "req", 0);
            FfmKeep.update(handle, self.handle);
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /**
     * After MPI_ERR_IN_STATUS from MPI_Waitall/MPI_Testall: the requests MPI left with
     * MPI_ERR_PENDING are completed one by one (MPI_Wait for waitall, MPI_Test for testall),
     * each status' MPI_ERROR set to what that gave. MPICH 4.0.2 stops at the first failed
     * request and leaves the others active (under MANA: requests that never complete, leaked);
     * Open MPI completes them all in the call and never reports MPI_ERR_PENDING, so nothing
     * changes there. The call still fails with its own code, as the binding throws it.
     */
    private static void completePending(int rc, MemorySegment reqs, MemorySegment sts, int n, boolean wait)
            throws Throwable {
        if (rc == 0 || FfmSupport.errorClass(rc) != IN_STATUS) {
            return;
        }
        long width = FfmLib.size("MPI_Request");
        for (int i = 0; i < n; i++) {
            MemorySegment st = sts.asSlice((long) i * FfmSupport.STATUS_SIZE, FfmSupport.STATUS_SIZE);
            if (FfmSupport.errorClass(st.get(JAVA_INT, ERROR_OFFSET)) != PENDING) {
                continue;
            }
            MemorySegment r = reqs.asSlice(i * width, width);
            int e;
            if (wait) {
                e = (int) WAIT.H.invokeExact(r, st);
            } else {
                try (Arena a = FfmScratch.open()) {
                    MemorySegment flag = a.allocate(JAVA_INT);
                    e = (int) TEST.H.invokeExact(r, flag, st);
                    if (e == 0 && flag.get(JAVA_INT, 0) == 0) {
                        continue; // still pending: stays active, as MPI said
                    }
                }
            }
            st.set(JAVA_INT, ERROR_OFFSET, e);
        }
    }

    private static final int IN_STATUS = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_IN_STATUS")); // the API's number (Open MPI's)
    private static final int PENDING = FfmLib.VALUES.errorOut((int) FfmLib.c("MPI_ERR_PENDING")); // the API's number (Open MPI's)
    private static final long ERROR_OFFSET = FfmLib.c("offsetof(MPI_Status,MPI_ERROR)");

    /** The requests in C, and back into the Java array after the call (as releasePtrArray). */
    private static void back(MemorySegment reqs, long[] requests) {
        long[] before = requests.clone();
        for (int i = 0; i < requests.length; i++) {
            requests[i] = getHandle(reqs, "req", i);
        }
        FfmKeep.update(before, requests);
    }

    private static MemorySegment statuses(Arena a, int n) {
        return a.allocate((long) FfmSupport.STATUS_SIZE * Math.max(n, 1), 8);
    }

    private static Status statusAt(MemorySegment statuses, int i, int index) {
        MemorySegment st = statuses.asSlice((long) i * FfmSupport.STATUS_SIZE, FfmSupport.STATUS_SIZE);
        return index < 0 ? newStatus(st) : FfmSupport.newStatus(st, index);
    }

    static void waitAnyStatus(long[] requests, long[] status) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment index = a.allocate(JAVA_INT);
            MemorySegment st = allocStatus(a);
            int rc = (int) WAITANY.H.invokeExact(requests.length, reqs, index, st);
            back(reqs, requests);
            check(rc);
            statusToJava(st, status, index.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int waitAny(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment index = a.allocate(JAVA_INT);
            int rc = (int) WAITANY.H.invokeExact(requests.length, reqs, index, STATUS_IGNORE);
            back(reqs, requests);
            check(rc);
            return index.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status testAnyStatus(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment index = a.allocate(JAVA_INT);
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment st = allocStatus(a);
            int rc = (int) TESTANY.H.invokeExact(requests.length, reqs, index, flag, st);
            back(reqs, requests);
            check(rc);
            return flag.get(JAVA_INT, 0) != 0 ? FfmSupport.newStatus(st, index.get(JAVA_INT, 0)) : null;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int testAny(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment index = a.allocate(JAVA_INT);
            MemorySegment flag = a.allocate(JAVA_INT);
            int rc = (int) TESTANY.H.invokeExact(requests.length, reqs, index, flag, STATUS_IGNORE);
            back(reqs, requests);
            check(rc);
            return index.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status[] waitAllStatus(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment sts = statuses(a, requests.length);
            int rc = (int) WAITALL.H.invokeExact(requests.length, reqs, sts);
            completePending(rc, reqs, sts, requests.length, true);
            back(reqs, requests);
            check(rc);
            Status[] out = new Status[requests.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = statusAt(sts, i, -1);
            }
            return out;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void waitAll(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment sts = statuses(a, requests.length); // to see which ones MPI left pending
            int rc = (int) WAITALL.H.invokeExact(requests.length, reqs, sts);
            completePending(rc, reqs, sts, requests.length, true);
            back(reqs, requests);
            check(rc);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status[] testAllStatus(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment sts = statuses(a, requests.length);
            int rc = (int) TESTALL.H.invokeExact(requests.length, reqs, flag, sts);
            completePending(rc, reqs, sts, requests.length, false);
            back(reqs, requests);
            check(rc);
            if (flag.get(JAVA_INT, 0) == 0) {
                return null;
            }
            Status[] out = new Status[requests.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = statusAt(sts, i, -1);
            }
            return out;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static boolean testAll(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment sts = statuses(a, requests.length);
            int rc = (int) TESTALL.H.invokeExact(requests.length, reqs, flag, sts);
            completePending(rc, reqs, sts, requests.length, false);
            back(reqs, requests);
            check(rc);
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status[] waitSomeStatus(long[] requests) throws MPIException {
        return someStatus(WAITSOME.H, requests);
    }

    static Status[] testSomeStatus(long[] requests) throws MPIException {
        return someStatus(TESTSOME.H, requests);
    }

    private static Status[] someStatus(MethodHandle h, long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            int n = requests.length;
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment outcount = a.allocate(JAVA_INT);
            MemorySegment indices = a.allocate(JAVA_INT, Math.max(n, 1));
            MemorySegment sts = statuses(a, n);
            int rc = (int) h.invokeExact(n, reqs, outcount, indices, sts);
            back(reqs, requests);
            check(rc);
            int out = outcount.get(JAVA_INT, 0);
            if (out < 0) {
                return null; // MPI_UNDEFINED: no active request
            }
            Status[] result = new Status[out];
            for (int i = 0; i < out; i++) {
                result[i] = statusAt(sts, i, indices.getAtIndex(JAVA_INT, i));
            }
            return result;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int[] waitSome(long[] requests) throws MPIException {
        return some(WAITSOME.H, requests);
    }

    static int[] testSome(long[] requests) throws MPIException {
        return some(TESTSOME.H, requests);
    }

    private static int[] some(MethodHandle h, long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            int n = requests.length;
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            MemorySegment outcount = a.allocate(JAVA_INT);
            MemorySegment indices = a.allocate(JAVA_INT, Math.max(n, 1));
            int rc = (int) h.invokeExact(n, reqs, outcount, indices, STATUSES_IGNORE);
            back(reqs, requests);
            check(rc);
            int out = outcount.get(JAVA_INT, 0);
            if (out == UNDEFINED) {
                return null;
            }
            return indices.asSlice(0, 4L * out).toArray(JAVA_INT);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
