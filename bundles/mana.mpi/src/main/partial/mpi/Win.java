package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.RmaProvider;
import mana.core.vid.Vid;

/**
 * A window for one-sided communication (area RMA, bundle mana.wrappers.rma); it holds a MANA
 * handle. Sizes and displacement units are in elements of the base buffer, as in Open MPI's
 * binding. The checks the raw binding makes in Java before calling MPI (direct buffers) are
 * made here, in the same order, with the same exceptions; freeing leaves a handle that every
 * later call rejects, saying the window was freed.
 */
public final class Win implements Freeable {
    /** The MANA handle (see mana.core.vid.Vid); the null handle after free. */
    int vid;
    /** Set when {@link #free()} succeeded, so later use can say so. */
    boolean freed;

    private static RmaProvider rma() {
        return FunctionTable.rma();
    }

    /** A window object for a handle (a restored application state). */
    Win(int vid) {
        this.vid = vid;
    }

    private static void direct(Buffer base) {
        if (!base.isDirect()) {
            throw new IllegalArgumentException("The buffer must be direct.");
        }
    }

    private static void directOrigin(Buffer origin) {
        if (!origin.isDirect()) {
            throw new IllegalArgumentException("The origin must be direct buffer.");
        }
    }

    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        direct(base);
        try {
            vid = rma().create(base, size, dispUnit, info.vid, comm.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, null);
        }
    }

    /**
     * MPI_Win_allocate (FLAVOR_PRIVATE) or MPI_Win_allocate_shared (FLAVOR_SHARED); MPI writes
     * the window's address into {@code base}. Another flavor makes no window, as in the raw
     * binding: the object holds the null handle and later calls fail with MPI_ERR_WIN.
     */
    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        direct(base);
        try {
            if (flavor == FLAVOR_PRIVATE) {
                vid = rma().allocate(size, dispUnit, info.vid, comm.vid, base);
            } else if (flavor == FLAVOR_SHARED) {
                vid = rma().allocateShared(size, dispUnit, info.vid, comm.vid, base);
            } else {
                vid = Vid.NULL;
            }
        } catch (ManaException e) {
            throw ManaWins.of(e, null);
        }
    }

    public Win(Info info, Comm comm) throws MPIException {
        try {
            vid = rma().createDynamic(info.vid, comm.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, null);
        }
    }

    public void attach(Buffer base, int size) throws MPIException {
        direct(base);
        try {
            rma().attach(vid, base, size);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void detach(Buffer base) throws MPIException {
        direct(base);
        try {
            rma().detach(vid, base);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public Group getGroup() throws MPIException {
        try {
            return new Group(rma().group(vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    @Override
    public void free() throws MPIException {
        try {
            vid = rma().free(vid);
            freed = true;
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                    Datatype targetType) throws MPIException {
        directOrigin(origin);
        try {
            rma().put(vid, origin, orgCount, orgType.vid, targetRank, targetDisp, targetCount, targetType.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount,
                    Datatype targetType) throws MPIException {
        directOrigin(origin);
        try {
            rma().get(vid, origin, orgCount, orgType.vid, targetRank, targetDisp, targetCount, targetType.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
                           int targetCount, Datatype targetType, Op op) throws MPIException {
        directOrigin(origin);
        try {
            rma().accumulate(vid, origin, orgCount, orgType.vid, targetRank, targetDisp, targetCount, targetType.vid,
                    op.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
                              Datatype resultType, int targetRank, int targetDisp, int targetCount,
                              Datatype targetType, Op op) throws MPIException {
        directOrigin(origin);
        try {
            rma().getAccumulate(vid, origin, orgCount, orgType.vid, resultAddr, resultCount, resultType.vid,
                    targetRank, targetDisp, targetCount, targetType.vid, op.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op)
            throws MPIException {
        directOrigin(origin);
        try {
            rma().fetchAndOp(vid, origin, resultAddr, dataType.vid, targetRank, targetDisp, op.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType,
                               int targetRank, int targetDisp) throws MPIException {
        directOrigin(origin);
        try {
            rma().compareAndSwap(vid, origin, compareAddr, resultAddr, targetType.vid, targetRank, targetDisp);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public final Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank,
                              int target_disp, int target_count, Datatype target_datatype) throws MPIException {
        directOrigin(origin_addr);
        try {
            return new Request(rma().rPut(vid, origin_addr, origin_count, origin_datatype.vid, target_rank,
                    target_disp, target_count, target_datatype.vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public final Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
                              int targetCount, Datatype targetType) throws MPIException {
        directOrigin(origin);
        try {
            return new Request(rma().rGet(vid, origin, orgCount, orgType.vid, targetRank, targetDisp, targetCount,
                    targetType.vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp,
                               int targetCount, Datatype targetType, Op op) throws MPIException {
        directOrigin(origin);
        try {
            return new Request(rma().rAccumulate(vid, origin, orgCount, orgType.vid, targetRank, targetDisp,
                    targetCount, targetType.vid, op.vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount,
                                  Datatype resultType, int targetRank, int targetDisp, int targetCount,
                                  Datatype targetType, Op op) throws MPIException {
        directOrigin(origin);
        try {
            return new Request(rma().rGetAccumulate(vid, origin, orgCount, orgType.vid, resultAddr, resultCount,
                    resultType.vid, targetRank, targetDisp, targetCount, targetType.vid, op.vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void start(Group group, int assertion) throws MPIException {
        try {
            rma().start(vid, group.vid, assertion);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void post(Group group, int assertion) throws MPIException {
        try {
            rma().post(vid, group.vid, assertion);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void lock(int lockType, int rank, int assertion) throws MPIException {
        try {
            rma().lock(vid, lockType, rank, assertion);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            rma().setErrhandler(vid, errhandler.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    /** A new Errhandler object each time, as in the raw binding. */
    public Errhandler getErrhandler() throws MPIException {
        try {
            return new Errhandler(rma().errhandler(vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void callErrhandler(int errorCode) throws MPIException {
        try {
            rma().callErrhandler(vid, errorCode);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public static int createKeyval() throws MPIException {
        try {
            return rma().createKeyval();
        } catch (ManaException e) {
            throw ManaWins.of(e, null);
        }
    }

    public static void freeKeyval(int keyval) throws MPIException {
        try {
            rma().freeKeyval(keyval);
        } catch (ManaException e) {
            throw ManaWins.of(e, null);
        }
    }

    public void setAttr(int keyval, Object value) throws MPIException {
        byte[] bytes = ManaComms.serialize(value);
        try {
            rma().setAttr(vid, keyval, bytes);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    /** WIN_BASE gives the window's address (a Long), WIN_SIZE and WIN_DISP_UNIT bytes (Integers), as raw. */
    public Object getAttr(int keyval) throws MPIException {
        Object v;
        try {
            v = rma().getAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
        return ManaWins.predefinedKeyval(keyval) ? v : ManaComms.deserialize((byte[]) v);
    }

    public void deleteAttr(int keyval) throws MPIException {
        try {
            rma().deleteAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public Info getInfo() throws MPIException {
        try {
            return new Info(rma().info(vid));
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void setInfo(Info info) throws MPIException {
        try {
            rma().setInfo(vid, info.vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public String getName() throws MPIException {
        try {
            return rma().name(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void setName(String name) throws MPIException {
        try {
            rma().setName(vid, name);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void fence(int assertion) throws MPIException {
        try {
            rma().fence(vid, assertion);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void complete() throws MPIException {
        try {
            rma().complete(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void waitFor() throws MPIException {
        try {
            rma().waitFor(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public boolean test() throws MPIException {
        try {
            return rma().test(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void unlock(int rank) throws MPIException {
        try {
            rma().unlock(vid, rank);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void lockAll(int assertion) throws MPIException {
        try {
            rma().lockAll(vid, assertion);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void unlockAll() throws MPIException {
        try {
            rma().unlockAll(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void sync() throws MPIException {
        try {
            rma().sync(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void flush(int targetRank) throws MPIException {
        try {
            rma().flush(vid, targetRank);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void flushAll() throws MPIException {
        try {
            rma().flushAll(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void flushLocal(int targetRank) throws MPIException {
        try {
            rma().flushLocal(vid, targetRank);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }

    public void flushLocalAll() throws MPIException {
        try {
            rma().flushLocalAll(vid);
        } catch (ManaException e) {
            throw ManaWins.of(e, this);
        }
    }
}
