package mana.wrappers.rma;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.RmaProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mana.wrappers.base.Requests;
import mpi.Datatype;
import mpi.Errhandler;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Win;
import org.osgi.service.component.annotations.Component;

/**
 * One-sided wrappers. A window is a virtual handle (kind WIN) with a {@link WinDescriptor}.
 * Each wrapper counts the call, enters the checkpoint gate, translates every handle, checks
 * what the raw binding hands to MPI unchecked ({@link RmaBuffers}), calls the lower half and
 * records what changed. Data-path calls (put, get, accumulate, ...) allocate nothing. Java
 * exceptions of the raw binding (IllegalArgumentException for a heap origin buffer or for
 * datatypes of different base types, NullPointerException) go through unchanged.
 */
@Component(service = RmaProvider.class)
public final class WinWrappers implements RmaProvider {
    /** MPI_NO_OP ignores the origin buffer (an empty one is fine), as MPI does. */
    static final int NO_OP = mana.core.vid.Predefined.handle(Kind.OP, "NO_OP");

    private static final int CREATE = FunctionStats.id("MPI_Win_create");
    private static final int ALLOCATE = FunctionStats.id("MPI_Win_allocate");
    private static final int ALLOCATE_SHARED = FunctionStats.id("MPI_Win_allocate_shared");
    private static final int CREATE_DYNAMIC = FunctionStats.id("MPI_Win_create_dynamic");
    private static final int ATTACH = FunctionStats.id("MPI_Win_attach");
    private static final int DETACH = FunctionStats.id("MPI_Win_detach");
    private static final int FREE = FunctionStats.id("MPI_Win_free");
    private static final int GET_GROUP = FunctionStats.id("MPI_Win_get_group");
    private static final int PUT = FunctionStats.id("MPI_Put");
    private static final int GET = FunctionStats.id("MPI_Get");
    private static final int ACCUMULATE = FunctionStats.id("MPI_Accumulate");
    private static final int GET_ACCUMULATE = FunctionStats.id("MPI_Get_accumulate");
    private static final int FETCH_AND_OP = FunctionStats.id("MPI_Fetch_and_op");
    private static final int COMPARE_AND_SWAP = FunctionStats.id("MPI_Compare_and_swap");
    private static final int RPUT = FunctionStats.id("MPI_Rput");
    private static final int RGET = FunctionStats.id("MPI_Rget");
    private static final int RACCUMULATE = FunctionStats.id("MPI_Raccumulate");
    private static final int RGET_ACCUMULATE = FunctionStats.id("MPI_Rget_accumulate");
    private static final int FENCE = FunctionStats.id("MPI_Win_fence");
    private static final int START = FunctionStats.id("MPI_Win_start");
    private static final int COMPLETE = FunctionStats.id("MPI_Win_complete");
    private static final int POST = FunctionStats.id("MPI_Win_post");
    private static final int WAIT = FunctionStats.id("MPI_Win_wait");
    private static final int TEST = FunctionStats.id("MPI_Win_test");
    private static final int LOCK = FunctionStats.id("MPI_Win_lock");
    private static final int UNLOCK = FunctionStats.id("MPI_Win_unlock");
    private static final int LOCK_ALL = FunctionStats.id("MPI_Win_lock_all");
    private static final int UNLOCK_ALL = FunctionStats.id("MPI_Win_unlock_all");
    private static final int SYNC = FunctionStats.id("MPI_Win_sync");
    private static final int FLUSH = FunctionStats.id("MPI_Win_flush");
    private static final int FLUSH_ALL = FunctionStats.id("MPI_Win_flush_all");
    private static final int FLUSH_LOCAL = FunctionStats.id("MPI_Win_flush_local");
    private static final int FLUSH_LOCAL_ALL = FunctionStats.id("MPI_Win_flush_local_all");
    private static final int SET_ERRHANDLER = FunctionStats.id("MPI_Win_set_errhandler");
    private static final int GET_ERRHANDLER = FunctionStats.id("MPI_Win_get_errhandler");
    private static final int CALL_ERRHANDLER = FunctionStats.id("MPI_Win_call_errhandler");
    private static final int CREATE_KEYVAL = FunctionStats.id("MPI_Win_create_keyval");
    private static final int FREE_KEYVAL = FunctionStats.id("MPI_Win_free_keyval");
    private static final int SET_ATTR = FunctionStats.id("MPI_Win_set_attr");
    private static final int GET_ATTR = FunctionStats.id("MPI_Win_get_attr");
    private static final int DELETE_ATTR = FunctionStats.id("MPI_Win_delete_attr");
    private static final int GET_INFO = FunctionStats.id("MPI_Win_get_info");
    private static final int SET_INFO = FunctionStats.id("MPI_Win_set_info");
    private static final int GET_NAME = FunctionStats.id("MPI_Win_get_name");
    private static final int SET_NAME = FunctionStats.id("MPI_Win_set_name");

    // ---- translation ------------------------------------------------------------------------------

    static Win win(int vid) throws ManaException {
        return (Win) Handles.lower(vid, Kind.WIN);
    }

    /**
     * The target of a flush: Open MPI 4.1.4 does not check it and reads past the window's group
     * (SIGSEGV) for a rank outside it; MANA answers MPI_ERR_RANK.
     */
    private static Win flushTarget(int vid, int rank) throws ManaException, MPIException {
        Win w = win(vid);
        if (rank == MPI.PROC_NULL) {
            return w;
        }
        int n = -1;
        if (rank >= 0) {
            WinDescriptor d = descriptor(vid);
            CommDescriptor c = d == null || !Handles.TABLE.isLive(d.comm()) ? null : Lower.commDescriptor(d.comm());
            if (c != null) {
                n = c.size();
            } else {
                mpi.Group g = w.getGroup();
                n = g.getSize();
                g.free();
            }
            if (rank < n) {
                return w;
            }
        }
        throw ManaException.of(ErrorClass.RANK, "invalid rank: " + rank + " is not a rank of the window's group"
                + (n >= 0 ? " (" + n + " processes)" : ""));
    }

    /** Where a synchronization call records the epoch it opened or closed (a window always has a descriptor). */
    private static WinDescriptor epoch(int vid) throws ManaException {
        WinDescriptor d = descriptor(vid);
        if (d == null) {
            throw ManaException.of(ErrorClass.INTERN, "MANA: window " + Vid.toString(vid) + " has no descriptor");
        }
        return d;
    }

    static WinDescriptor descriptor(int vid) throws ManaException {
        Descriptor d = Handles.descriptor(vid, Kind.WIN);
        return d instanceof WinDescriptor w ? w : null;
    }

    /**
     * The lower-half op of an accumulate. MPI allows only predefined ops there (MPI 3.1,
     * 11.3.4); Open MPI answers MPI_ERR_OP for a user op, and its binding would first bind the
     * op to a JNI reference that dies with the call. MANA gives the same error class up front.
     */
    private static Op op(int vid, String fn) throws ManaException {
        Op o = (Op) Handles.lower(vid, Kind.OP);
        if (!Vid.isPredefined(vid)) {
            throw ManaException.of(ErrorClass.OP, fn + ": invalid op: " + Vid.toString(vid)
                    + " is a user-defined op; one-sided accumulate operations take predefined ops only");
        }
        return o;
    }

    private static long gid(int comm) {
        try {
            CommDescriptor d = Lower.commDescriptor(comm);
            return d == null ? 0 : d.gid();
        } catch (ManaException e) {
            return 0;
        }
    }

    /** A virtual handle for a new lower-half window, with its descriptor. */
    private static int register(Win w, WinDescriptor.Flavor flavor, int comm, Buffer base, int size, int dispUnit,
                                int info) throws ManaException, MPIException {
        int elementSize = base == null ? 1 : mana.wrappers.base.Buffers.elementSize(base);
        WinDescriptor d = new WinDescriptor(flavor, comm, gid(comm), base, size, dispUnit, elementSize,
                Infos.pairs(info));
        d.setErrhandler(errhandlerVid(w.getErrhandler()));
        String name = w.getName();
        String raw = rawDefaultName(name);
        if (raw != null && !raw.equals(name)) {
            w.setName(raw); // Open MPI's own messages ("on win rdma window 3") then name it as raw does too
        }
        return Handles.TABLE.create(Kind.WIN, w, d);
    }

    static int errhandlerVid(Errhandler e) throws ManaException {
        long h = Comms.handle(e);
        if (h == Comms.handle(Comms.errhandler(Comms.ERRORS_RETURN))) {
            return Comms.ERRORS_RETURN;
        }
        if (h == Comms.handle(Comms.errhandler(Comms.ERRORS_ARE_FATAL))) {
            return Comms.ERRORS_ARE_FATAL;
        }
        throw ManaException.of(ErrorClass.INTERN,
                "MANA: the window has an errhandler that is neither ERRORS_RETURN nor ERRORS_ARE_FATAL");
    }

    // ---- creation and free -----------------------------------------------------------------------

    @Override
    public int create(Buffer base, int size, int dispUnit, int info, int comm) throws ManaException {
        FunctionStats.count(CREATE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = new Win(base, size, dispUnit, Infos.lower(info), Lower.comm(comm));
            return register(w, WinDescriptor.Flavor.CREATE, comm, base, size, dispUnit, info);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int allocate(int size, int dispUnit, int info, int comm, Buffer base) throws ManaException {
        return allocate(ALLOCATE, Win.FLAVOR_PRIVATE, WinDescriptor.Flavor.ALLOCATE, size, dispUnit, info, comm, base);
    }

    @Override
    public int allocateShared(int size, int dispUnit, int info, int comm, Buffer base) throws ManaException {
        return allocate(ALLOCATE_SHARED, Win.FLAVOR_SHARED, WinDescriptor.Flavor.ALLOCATE_SHARED, size, dispUnit,
                info, comm, base);
    }

    /**
     * The binding writes the address of the memory MPI allocated into the first 8 bytes of
     * {@code base} (MPI_Win_allocate's baseptr), whatever its size. A smaller buffer (the
     * ompi-java-test programs pass an empty one) gets MPI's write on a private 8-byte buffer
     * instead, and as many of its bytes as it holds: the same result without writing past it.
     */
    private static int allocate(int id, int lowerFlavor, WinDescriptor.Flavor flavor, int size, int dispUnit,
                                int info, int comm, Buffer base) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            boolean small = base.isDirect() && (long) base.capacity() * mana.wrappers.base.Buffers.elementSize(base) < Long.BYTES;
            ByteBuffer address = small ? ByteBuffer.allocateDirect(Long.BYTES).order(ByteOrder.nativeOrder()) : null;
            Win w = new Win(size, dispUnit, Infos.lower(info), Lower.comm(comm), small ? address : base, lowerFlavor);
            if (small) {
                RmaBuffers.copyPrefix(address, base);
            }
            return register(w, flavor, comm, base, size, dispUnit, info);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int createDynamic(int info, int comm) throws ManaException {
        FunctionStats.count(CREATE_DYNAMIC);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = new Win(Infos.lower(info), Lower.comm(comm));
            return register(w, WinDescriptor.Flavor.DYNAMIC, comm, null, 0, 1, info);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void attach(int win, Buffer base, int size) throws ManaException {
        FunctionStats.count(ATTACH);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            if (base.isDirect() && size > 0 && size > base.capacity()) {
                throw ManaException.of(ErrorClass.BUFFER, "MPI_Win_attach: size " + size
                        + " elements, the direct " + base.getClass().getSimpleName() + " holds " + base.capacity());
            }
            w.attach(base, size);
            WinDescriptor d = descriptor(win);
            if (d != null) {
                d.attach(base);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void detach(int win, Buffer base) throws ManaException {
        FunctionStats.count(DETACH);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).detach(base);
            WinDescriptor d = descriptor(win);
            if (d != null) {
                d.detach(base);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int free(int win) throws ManaException {
        FunctionStats.count(FREE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).free();
            Descriptor d = Handles.TABLE.free(win, Kind.WIN);
            if (d instanceof WinDescriptor w) {
                w.release();
            }
            return Vid.NULL;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int group(int win) throws ManaException {
        FunctionStats.count(GET_GROUP);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            return Comms.register(win(win).getGroup());
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    // ---- communication ---------------------------------------------------------------------------------

    @Override
    public void put(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType) throws ManaException {
        FunctionStats.count(PUT);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Put: origin", origin, count, t);
            }
            w.put(origin, count, t, rank, disp, targetCount, tt);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void get(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType) throws ManaException {
        FunctionStats.count(GET);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Get: origin", origin, count, t);
            }
            w.get(origin, count, t, rank, disp, targetCount, tt);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void accumulate(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                           int targetType, int op) throws ManaException {
        FunctionStats.count(ACCUMULATE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            Op o = op(op, "MPI_Accumulate");
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Accumulate: origin", origin, count, t);
            }
            w.accumulate(origin, count, t, rank, disp, targetCount, tt, o);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void getAccumulate(int win, Buffer origin, int count, int type, Buffer result, int resultCount,
                              int resultType, int rank, int disp, int targetCount, int targetType, int op)
            throws ManaException {
        FunctionStats.count(GET_ACCUMULATE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype rt = Lower.type(resultType);
            Datatype tt = Lower.type(targetType);
            Op o = op(op, "MPI_Get_accumulate");
            if (origin.isDirect()) {
                if (op != NO_OP) {
                    RmaBuffers.check("MPI_Get_accumulate: origin", origin, count, t);
                }
                RmaBuffers.direct("MPI_Get_accumulate: result", result);
                RmaBuffers.check("MPI_Get_accumulate: result", result, resultCount, rt);
            }
            w.getAccumulate(origin, count, t, result, resultCount, rt, rank, disp, targetCount, tt, o);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void fetchAndOp(int win, Buffer origin, Buffer result, int type, int rank, int disp, int op)
            throws ManaException {
        FunctionStats.count(FETCH_AND_OP);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Op o = op(op, "MPI_Fetch_and_op");
            if (origin.isDirect()) {
                if (op != NO_OP) {
                    RmaBuffers.check("MPI_Fetch_and_op: origin", origin, 1, t);
                }
                RmaBuffers.direct("MPI_Fetch_and_op: result", result);
                RmaBuffers.check("MPI_Fetch_and_op: result", result, 1, t);
            }
            w.fetchAndOp(origin, result, t, rank, disp, o);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void compareAndSwap(int win, Buffer origin, Buffer compare, Buffer result, int type, int rank, int disp)
            throws ManaException {
        FunctionStats.count(COMPARE_AND_SWAP);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Compare_and_swap: origin", origin, 1, t);
                RmaBuffers.direct("MPI_Compare_and_swap: compare", compare);
                RmaBuffers.check("MPI_Compare_and_swap: compare", compare, 1, t);
                RmaBuffers.direct("MPI_Compare_and_swap: result", result);
                RmaBuffers.check("MPI_Compare_and_swap: result", result, 1, t);
            }
            w.compareAndSwap(origin, compare, result, t, rank, disp);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int rPut(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType) throws ManaException {
        FunctionStats.count(RPUT);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Rput: origin", origin, count, t);
            }
            return Requests.create(w.rPut(origin, count, t, rank, disp, targetCount, tt));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int rGet(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType) throws ManaException {
        FunctionStats.count(RGET);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Rget: origin", origin, count, t);
            }
            return Requests.create(w.rGet(origin, count, t, rank, disp, targetCount, tt));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int rAccumulate(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                           int targetType, int op) throws ManaException {
        FunctionStats.count(RACCUMULATE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype tt = Lower.type(targetType);
            Op o = op(op, "MPI_Raccumulate");
            if (origin.isDirect()) {
                RmaBuffers.check("MPI_Raccumulate: origin", origin, count, t);
            }
            return Requests.create(w.rAccumulate(origin, count, t, rank, disp, targetCount, tt, o));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int rGetAccumulate(int win, Buffer origin, int count, int type, Buffer result, int resultCount,
                              int resultType, int rank, int disp, int targetCount, int targetType, int op)
            throws ManaException {
        FunctionStats.count(RGET_ACCUMULATE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            Datatype t = Lower.type(type);
            Datatype rt = Lower.type(resultType);
            Datatype tt = Lower.type(targetType);
            Op o = op(op, "MPI_Rget_accumulate");
            if (origin.isDirect()) {
                if (op != NO_OP) {
                    RmaBuffers.check("MPI_Rget_accumulate: origin", origin, count, t);
                }
                RmaBuffers.direct("MPI_Rget_accumulate: result", result);
                RmaBuffers.check("MPI_Rget_accumulate: result", result, resultCount, rt);
            }
            return Requests.create(w.rGetAccumulate(origin, count, t, result, resultCount, rt, rank, disp,
                    targetCount, tt, o));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    // ---- synchronization -------------------------------------------------------------------------------

    @Override
    public void fence(int win, int assertion) throws ManaException {
        FunctionStats.count(FENCE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).fence(assertion);
            epoch(win).fenced((assertion & MPI.MODE_NOSUCCEED) == 0);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void start(int win, int group, int assertion) throws ManaException {
        FunctionStats.count(START);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            w.start(Comms.group(group), assertion);
            epoch(win).accessEpoch(true);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void complete(int win) throws ManaException {
        FunctionStats.count(COMPLETE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).complete();
            epoch(win).accessEpoch(false);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void post(int win, int group, int assertion) throws ManaException {
        FunctionStats.count(POST);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            w.post(Comms.group(group), assertion);
            epoch(win).exposureEpoch(true);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void waitFor(int win) throws ManaException {
        FunctionStats.count(WAIT);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).waitFor();
            epoch(win).exposureEpoch(false);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public boolean test(int win) throws ManaException {
        FunctionStats.count(TEST);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            boolean done = win(win).test();
            if (done) {
                epoch(win).exposureEpoch(false);
            }
            return done;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void lock(int win, int lockType, int rank, int assertion) throws ManaException {
        FunctionStats.count(LOCK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).lock(lockType, rank, assertion);
            epoch(win).locked(rank, lockType);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void unlock(int win, int rank) throws ManaException {
        FunctionStats.count(UNLOCK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).unlock(rank);
            epoch(win).unlocked(rank);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void lockAll(int win, int assertion) throws ManaException {
        FunctionStats.count(LOCK_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).lockAll(assertion);
            epoch(win).lockedAll(true);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void unlockAll(int win) throws ManaException {
        FunctionStats.count(UNLOCK_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).unlockAll();
            epoch(win).lockedAll(false);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void sync(int win) throws ManaException {
        FunctionStats.count(SYNC);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).sync();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void flush(int win, int rank) throws ManaException {
        FunctionStats.count(FLUSH);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            flushTarget(win, rank).flush(rank);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void flushAll(int win) throws ManaException {
        FunctionStats.count(FLUSH_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).flushAll();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void flushLocal(int win, int rank) throws ManaException {
        FunctionStats.count(FLUSH_LOCAL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            flushTarget(win, rank).flushLocal(rank);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void flushLocalAll(int win) throws ManaException {
        FunctionStats.count(FLUSH_LOCAL_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).flushLocalAll();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    // ---- errhandlers, attributes, info, name ------------------------------------------------------------

    @Override
    public void setErrhandler(int win, int errhandler) throws ManaException {
        FunctionStats.count(SET_ERRHANDLER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            w.setErrhandler(Comms.errhandler(errhandler));
            WinDescriptor d = descriptor(win);
            if (d != null) {
                d.setErrhandler(errhandler);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int errhandler(int win) throws ManaException {
        FunctionStats.count(GET_ERRHANDLER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            return errhandlerVid(win(win).getErrhandler());
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void callErrhandler(int win, int errorCode) throws ManaException {
        FunctionStats.count(CALL_ERRHANDLER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).callErrhandler(errorCode);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public boolean errorsReturn(int win) {
        try {
            WinDescriptor d = descriptor(win);
            return d == null || d.errhandler() != Comms.ERRORS_ARE_FATAL;
        } catch (ManaException e) {
            return true;
        }
    }

    @Override
    public int createKeyval() throws ManaException {
        FunctionStats.count(CREATE_KEYVAL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            return Win.createKeyval();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void freeKeyval(int keyval) throws ManaException {
        FunctionStats.count(FREE_KEYVAL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win.freeKeyval(keyval);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    static boolean predefinedKeyval(int keyval) {
        return keyval == MPI.WIN_BASE || keyval == MPI.WIN_SIZE || keyval == MPI.WIN_DISP_UNIT;
    }

    /** The value arrives serialized by the upper half; the lower half stores the byte[] as its attribute. */
    @Override
    public void setAttr(int win, int keyval, byte[] value) throws ManaException {
        FunctionStats.count(SET_ATTR);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).setAttr(keyval, value);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public Object getAttr(int win, int keyval) throws ManaException {
        FunctionStats.count(GET_ATTR);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Object v = win(win).getAttr(keyval);
            if (predefinedKeyval(keyval) || v == null || v instanceof byte[]) {
                return v;
            }
            throw ManaException.of(ErrorClass.INTERN, "MANA: window attribute " + keyval + " holds a "
                    + v.getClass().getName() + ", not a value MANA stored");
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void deleteAttr(int win, int keyval) throws ManaException {
        FunctionStats.count(DELETE_ATTR);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            win(win).deleteAttr(keyval);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int info(int win) throws ManaException {
        FunctionStats.count(GET_INFO);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            return Infos.register(win(win).getInfo());
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void setInfo(int win, int info) throws ManaException {
        FunctionStats.count(SET_INFO);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            w.setInfo(Infos.lower(info));
            WinDescriptor d = descriptor(win);
            if (d != null) {
                d.setInfo(Infos.pairs(info));
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public String name(int win) throws ManaException {
        FunctionStats.count(GET_NAME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            return win(win).getName();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /**
     * Open MPI names a window "<component> window <cid>" after the context id of the
     * communicator its osc module duplicates. MANA's private duplicate of MPI_COMM_WORLD (made
     * first, at MPI_Init) holds one context id below every application communicator, so each
     * later id is one higher than under the raw binding; a new window gets the name raw gives it.
     */
    static String rawDefaultName(String lowerName) {
        if (lowerName == null || Handles.internalWorld() == null) {
            return lowerName;
        }
        int space = lowerName.lastIndexOf(' ');
        if (space < 0 || !lowerName.substring(0, space).endsWith(" window")) {
            return lowerName;
        }
        try {
            int cid = Integer.parseInt(lowerName.substring(space + 1));
            return cid > 0 ? lowerName.substring(0, space + 1) + (cid - 1) : lowerName;
        } catch (NumberFormatException e) {
            return lowerName;
        }
    }

    @Override
    public void setName(int win, String name) throws ManaException {
        FunctionStats.count(SET_NAME);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Win w = win(win);
            if (name == null) {
                throw ManaException.of(ErrorClass.ARG, "MPI_Win_set_name: invalid name: null");
            }
            w.setName(name);
            WinDescriptor d = descriptor(win);
            if (d != null) {
                d.setName(name);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }
}
