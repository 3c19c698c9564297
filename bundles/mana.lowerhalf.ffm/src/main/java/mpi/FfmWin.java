package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.call;
import static mpi.FfmSupport.direct;
import static mpi.FfmSupport.handleOut;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;

/** FFM natives of mpi.Win (ompi/mpi/java/c/mpi_Win.c): one-sided communication on direct buffers. */
final class FfmWin {

    private static final class CREATE {
        static final MethodHandle H = FfmLib.fn("MPI_Win_create", "int ptr long int info comm ptr");
    }
    private static final class ALLOCATE {
        static final MethodHandle H = FfmLib.fn("MPI_Win_allocate", "int long int info comm ptr ptr");
    }
    private static final class ALLOCATE_SHARED {
        static final MethodHandle H = FfmLib.fn("MPI_Win_allocate_shared", "int long int info comm ptr ptr");
    }
    private static final class CREATE_DYNAMIC {
        static final MethodHandle H = FfmLib.fn("MPI_Win_create_dynamic", "int info comm ptr");
    }
    private static final class ATTACH { static final MethodHandle H = FfmLib.fn("MPI_Win_attach", "int win ptr long"); }
    private static final class DETACH { static final MethodHandle H = FfmLib.fn("MPI_Win_detach", "int win ptr"); }
    private static final class GET_GROUP { static final MethodHandle H = FfmLib.fn("MPI_Win_get_group", "int win ptr"); }
    private static final String RMA = "int ptr int type rank long int type win";
    private static final class PUT { static final MethodHandle H = FfmLib.fn("MPI_Put", RMA); }
    private static final class GET { static final MethodHandle H = FfmLib.fn("MPI_Get", RMA); }
    private static final class RPUT { static final MethodHandle H = FfmLib.fn("MPI_Rput", RMA + " ptr"); }
    private static final class RGET { static final MethodHandle H = FfmLib.fn("MPI_Rget", RMA + " ptr"); }
    private static final class ACCUMULATE {
        static final MethodHandle H = FfmLib.fn("MPI_Accumulate", "int ptr int type rank long int type op win");
    }
    private static final class RACCUMULATE {
        static final MethodHandle H = FfmLib.fn("MPI_Raccumulate", "int ptr int type rank long int type op win ptr");
    }
    private static final class GET_ACCUMULATE {
        static final MethodHandle H = FfmLib.fn("MPI_Get_accumulate", "int ptr int type ptr int type rank long int type op win");
    }
    private static final class RGET_ACCUMULATE {
        static final MethodHandle H = FfmLib.fn("MPI_Rget_accumulate", "int ptr int type ptr int type rank long int type op win ptr");
    }
    private static final class FENCE { static final MethodHandle H = FfmLib.fn("MPI_Win_fence", "int assert win"); }
    private static final class START { static final MethodHandle H = FfmLib.fn("MPI_Win_start", "int group assert win"); }
    private static final class COMPLETE { static final MethodHandle H = FfmLib.fn("MPI_Win_complete", "int win"); }
    private static final class POST { static final MethodHandle H = FfmLib.fn("MPI_Win_post", "int group assert win"); }
    private static final class WAIT { static final MethodHandle H = FfmLib.fn("MPI_Win_wait", "int win"); }
    private static final class TEST { static final MethodHandle H = FfmLib.fn("MPI_Win_test", "int win ptr"); }
    private static final class LOCK { static final MethodHandle H = FfmLib.fn("MPI_Win_lock", "int lock rank assert win"); }
    private static final class UNLOCK { static final MethodHandle H = FfmLib.fn("MPI_Win_unlock", "int rank win"); }
    private static final class LOCK_ALL { static final MethodHandle H = FfmLib.fn("MPI_Win_lock_all", "int assert win"); }
    private static final class UNLOCK_ALL { static final MethodHandle H = FfmLib.fn("MPI_Win_unlock_all", "int win"); }
    private static final class SYNC { static final MethodHandle H = FfmLib.fn("MPI_Win_sync", "int win"); }
    private static final class FLUSH { static final MethodHandle H = FfmLib.fn("MPI_Win_flush", "int rank win"); }
    private static final class FLUSH_ALL { static final MethodHandle H = FfmLib.fn("MPI_Win_flush_all", "int win"); }
    private static final class FLUSH_LOCAL { static final MethodHandle H = FfmLib.fn("MPI_Win_flush_local", "int rank win"); }
    private static final class FLUSH_LOCAL_ALL { static final MethodHandle H = FfmLib.fn("MPI_Win_flush_local_all", "int win"); }
    private static final class SET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Win_set_errhandler", "int win errh");
    }
    private static final class GET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Win_get_errhandler", "int win ptr");
    }
    private static final class CALL_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_Win_call_errhandler", "int win errcode");
    }
    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Win_free", "int ptr"); }
    private static final class GET_INFO { static final MethodHandle H = FfmLib.fn("MPI_Win_get_info", "int win ptr"); }
    private static final class SET_INFO { static final MethodHandle H = FfmLib.fn("MPI_Win_set_info", "int win info"); }
    private static final class COMPARE_AND_SWAP {
        static final MethodHandle H = FfmLib.fn("MPI_Compare_and_swap", "int ptr ptr ptr type rank long win");
    }
    private static final class FETCH_AND_OP {
        static final MethodHandle H = FfmLib.fn("MPI_Fetch_and_op", "int ptr ptr type rank long op win");
    }
    private static final class GET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Win_get_name", "int win ptr ptr"); }
    private static final class SET_NAME { static final MethodHandle H = FfmLib.fn("MPI_Win_set_name", "int win ptr"); }

    private FfmWin() {
    }

    static long createWin(Win self, Buffer base, int size, int dispUnit, long info, long comm) throws MPIException {
        return handleOut("win", (a, out) -> (int) CREATE.H.invokeExact(direct(base), (long) size, dispUnit, info, comm, out));
    }

    /** MPI writes the address of the memory it allocated into {@code base} (as the JNI code passes it). */
    static long allocateWin(Win self, int size, int dispUnit, long info, long comm, Buffer base) throws MPIException {
        return handleOut("win", (a, out) -> (int) ALLOCATE.H.invokeExact((long) size, dispUnit, info, comm, direct(base), out));
    }

    static long allocateSharedWin(Win self, int size, int dispUnit, long info, long comm, Buffer base)
            throws MPIException {
        return handleOut("win", (a, out) -> (int) ALLOCATE_SHARED.H.invokeExact((long) size, dispUnit, info, comm,
                direct(base), out));
    }

    static long createDynamicWin(Win self, long info, long comm) throws MPIException {
        return handleOut("win", (a, out) -> (int) CREATE_DYNAMIC.H.invokeExact(info, comm, out));
    }

    static void attach(Win self, long win, Buffer base, int size) throws MPIException {
        call((a, out) -> (int) ATTACH.H.invokeExact(win, direct(base), (long) size));
    }

    static void detach(Win self, long win, Buffer base) throws MPIException {
        call((a, out) -> (int) DETACH.H.invokeExact(win, direct(base)));
    }

    static long getGroup(Win self, long win) throws MPIException {
        return handleOut("group", (a, out) -> (int) GET_GROUP.H.invokeExact(win, out));
    }

    static void put(Win self, long win, Buffer origin, int orgCount, long orgType, int targetRank, int targetDisp,
            int targetCount, long targetType, int baseType) throws MPIException {
        call((a, out) -> (int) PUT.H.invokeExact(direct(origin), orgCount, orgType, targetRank, (long) targetDisp,
                targetCount, targetType, win));
    }

    static void get(Win self, long win, Buffer origin, int orgCount, long orgType, int targetRank, int targetDisp,
            int targetCount, long targetType, int baseType) throws MPIException {
        call((a, out) -> (int) GET.H.invokeExact(direct(origin), orgCount, orgType, targetRank, (long) targetDisp,
                targetCount, targetType, win));
    }

    static long rPut(Win self, long win, Buffer origin_addr, int origin_count, long origin_datatype, int target_rank,
            int target_disp, int target_count, long target_datatype, int baseType) throws MPIException {
        return handleOut("req", (a, out) -> (int) RPUT.H.invokeExact(direct(origin_addr), origin_count, origin_datatype,
                target_rank, (long) target_disp, target_count, target_datatype, win, out));
    }

    static long rGet(Win self, long win, Buffer origin, int orgCount, long orgType, int targetRank, int targetDisp,
            int targetCount, long targetType, int baseType) throws MPIException {
        return handleOut("req", (a, out) -> (int) RGET.H.invokeExact(direct(origin), orgCount, orgType, targetRank,
                (long) targetDisp, targetCount, targetType, win, out));
    }

    static void accumulate(Win self, long win, Buffer origin, int orgCount, long orgType, int targetRank,
            int targetDisp, int targetCount, long targetType, Op jOp, long hOp, int baseType) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        call((a, out) -> (int) ACCUMULATE.H.invokeExact(direct(origin), orgCount, orgType, targetRank, (long) targetDisp,
                targetCount, targetType, op, win));
    }

    static long rAccumulate(Win self, long win, Buffer origin, int orgCount, long orgType, int targetRank,
            int targetDisp, int targetCount, long targetType, Op jOp, long hOp, int baseType) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) RACCUMULATE.H.invokeExact(direct(origin), orgCount, orgType, targetRank,
                (long) targetDisp, targetCount, targetType, op, win, out));
    }

    static void getAccumulate(Win self, long win, Buffer origin, int orgCount, long orgType, Buffer resultAddr,
            int resultCount, long resultType, int targetRank, int targetDisp, int targetCount, long targetType,
            Op jOp, long hOp, int baseType) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        call((a, out) -> (int) GET_ACCUMULATE.H.invokeExact(direct(origin), orgCount, orgType, direct(resultAddr),
                resultCount, resultType, targetRank, (long) targetDisp, targetCount, targetType, op, win));
    }

    static long rGetAccumulate(Win self, long win, Buffer origin, int orgCount, long orgType, Buffer resultAddr,
            int resultCount, long resultType, int targetRank, int targetDisp, int targetCount, long targetType,
            Op jOp, long hOp, int baseType) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        return handleOut("req", (a, out) -> (int) RGET_ACCUMULATE.H.invokeExact(direct(origin), orgCount, orgType,
                direct(resultAddr), resultCount, resultType, targetRank, (long) targetDisp, targetCount, targetType,
                op, win, out));
    }

    static void compareAndSwap(Win self, long win, Buffer origin, Buffer compareAddr, Buffer resultAddr,
            long targetType, int targetRank, int targetDisp) throws MPIException {
        call((a, out) -> (int) COMPARE_AND_SWAP.H.invokeExact(direct(origin), direct(compareAddr), direct(resultAddr),
                targetType, targetRank, (long) targetDisp, win));
    }

    static void fetchAndOp(Win self, long win, Buffer origin, Buffer resultAddr, long targetType, int targetRank,
            int targetDisp, Op jOp, long hOp, int baseType) throws MPIException {
        long op = FfmOp.handle(jOp, hOp, baseType);
        call((a, out) -> (int) FETCH_AND_OP.H.invokeExact(direct(origin), direct(resultAddr), targetType, targetRank,
                (long) targetDisp, op, win));
    }

    static void fence(Win self, long win, int assertion) throws MPIException {
        call((a, out) -> (int) FENCE.H.invokeExact(assertion, win));
    }

    static void start(Win self, long win, long group, int assertion) throws MPIException {
        call((a, out) -> (int) START.H.invokeExact(group, assertion, win));
    }

    static void complete(Win self, long win) throws MPIException {
        call((a, out) -> (int) COMPLETE.H.invokeExact(win));
    }

    static void post(Win self, long win, long group, int assertion) throws MPIException {
        call((a, out) -> (int) POST.H.invokeExact(group, assertion, win));
    }

    static void waitFor(Win self, long win) throws MPIException {
        call((a, out) -> (int) WAIT.H.invokeExact(win));
    }

    static boolean test(Win self, long win) throws MPIException {
        return FfmSupport.intOut((a, out) -> (int) TEST.H.invokeExact(win, out)) != 0;
    }

    static void lock(Win self, long win, int lockType, int rank, int assertion) throws MPIException {
        call((a, out) -> (int) LOCK.H.invokeExact(lockType, rank, assertion, win));
    }

    static void unlock(Win self, long win, int rank) throws MPIException {
        call((a, out) -> (int) UNLOCK.H.invokeExact(rank, win));
    }

    static void lockAll(Win self, long win, int assertion) throws MPIException {
        call((a, out) -> (int) LOCK_ALL.H.invokeExact(assertion, win));
    }

    static void unlockAll(Win self, long win) throws MPIException {
        call((a, out) -> (int) UNLOCK_ALL.H.invokeExact(win));
    }

    static void sync(Win self, long win) throws MPIException {
        call((a, out) -> (int) SYNC.H.invokeExact(win));
    }

    static void flush(Win self, long win, int targetRank) throws MPIException {
        call((a, out) -> (int) FLUSH.H.invokeExact(targetRank, win));
    }

    static void flushAll(Win self, long win) throws MPIException {
        call((a, out) -> (int) FLUSH_ALL.H.invokeExact(win));
    }

    static void flushLocal(Win self, long win, int targetRank) throws MPIException {
        call((a, out) -> (int) FLUSH_LOCAL.H.invokeExact(targetRank, win));
    }

    static void flushLocalAll(Win self, long win) throws MPIException {
        call((a, out) -> (int) FLUSH_LOCAL_ALL.H.invokeExact(win));
    }

    static void setErrhandler(Win self, long win, long errhandler) throws MPIException {
        call((a, out) -> (int) SET_ERRHANDLER.H.invokeExact(win, errhandler));
    }

    static long getErrhandler(Win self, long win) throws MPIException {
        return handleOut("errh", (a, out) -> (int) GET_ERRHANDLER.H.invokeExact(win, out));
    }

    static void callErrhandler(Win self, long handle, int errorCode) throws MPIException {
        call((a, out) -> (int) CALL_ERRHANDLER.H.invokeExact(handle, errorCode));
    }

    static int createKeyval_jni() throws MPIException {
        return FfmAttributes.createKeyval(FfmAttributes.WIN.KIND);
    }

    static void freeKeyval_jni(int keyval) throws MPIException {
        FfmAttributes.freeKeyval(FfmAttributes.WIN.KIND, keyval);
    }

    static void setAttr(Win self, long win, int keyval, byte[] value) throws MPIException {
        FfmAttributes.set(FfmAttributes.WIN.KIND, win, keyval, value);
    }

    /** As the C code: WIN_SIZE and WIN_DISP_UNIT as Integer, WIN_BASE as the address (Long), others as byte[]. */
    static Object getAttr(Win self, long win, int keyval) throws MPIException {
        MemorySegment v = FfmAttributes.valueIfSet(FfmAttributes.WIN.KIND, win, keyval);
        int cKeyval = FfmLib.VALUES.keyvals.in(keyval);
        if (v == null) {
            return null;
        }
        if (cKeyval == (int) FfmLib.c("MPI_WIN_BASE")) {
            return v.address(); // 0 for a dynamic window (MPI_BOTTOM), as the C code's (jlong)val
        }
        if (v.equals(MemorySegment.NULL)) {
            return null;
        }
        if (cKeyval == (int) FfmLib.c("MPI_WIN_SIZE")) {
            return (int) v.reinterpret(8).get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        }
        if (cKeyval == (int) FfmLib.c("MPI_WIN_DISP_UNIT")) {
            return v.reinterpret(4).get(JAVA_INT, 0);
        }
        int length = v.reinterpret(4).get(JAVA_INT, 0);
        return v.reinterpret(4L + length).asSlice(4, length).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    static void deleteAttr(Win self, long win, int keyval) throws MPIException {
        FfmAttributes.delete(FfmAttributes.WIN.KIND, win, keyval);
    }

    static long free(Win self, long win) throws MPIException {
        return handleOut("win", win, (a, out) -> (int) FREE.H.invokeExact(out));
    }

    static long getInfo(Win self, long win) throws MPIException {
        return handleOut("info", (a, out) -> (int) GET_INFO.H.invokeExact(win, out));
    }

    static void setInfo(Win self, long win, long info) throws MPIException {
        call((a, out) -> (int) SET_INFO.H.invokeExact(win, info));
    }

    static String getName(Win self, long handle) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment name = a.allocate(FfmLib.c("MPI_MAX_OBJECT_NAME") + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            FfmSupport.check((int) GET_NAME.H.invokeExact(handle, name, len));
            return name.getString(0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static void setName(Win self, long handle, String name) throws MPIException {
        call((a, out) -> (int) SET_NAME.H.invokeExact(handle, a.allocateFrom(name)));
    }
}
