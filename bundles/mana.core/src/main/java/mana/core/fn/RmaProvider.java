package mana.core.fn;

import java.nio.Buffer;
import mana.core.error.ManaException;

/**
 * One-sided communication (area {@link Area#RMA}). Windows are virtual handles (kind WIN) with
 * a descriptor; sizes and displacement units are in elements of the base buffer, as in Open
 * MPI's binding. Buffers are what the application passed (direct buffers; the raw binding's
 * IllegalArgumentException for a heap buffer goes through unchanged). Request-based calls
 * return virtual request handles that the request wrappers complete.
 */
public interface RmaProvider {
    @MpiName("MPI_Win_create")
    int create(Buffer base, int size, int dispUnit, int info, int comm) throws ManaException;

    /** The lower half writes the window's address into the first bytes of {@code base}, as the raw binding does. */
    @MpiName("MPI_Win_allocate")
    int allocate(int size, int dispUnit, int info, int comm, Buffer base) throws ManaException;

    @MpiName("MPI_Win_allocate_shared")
    int allocateShared(int size, int dispUnit, int info, int comm, Buffer base) throws ManaException;

    @MpiName("MPI_Win_create_dynamic")
    int createDynamic(int info, int comm) throws ManaException;

    @MpiName("MPI_Win_attach")
    void attach(int win, Buffer base, int size) throws ManaException;

    @MpiName("MPI_Win_detach")
    void detach(int win, Buffer base) throws ManaException;

    /** Frees the window; returns the handle the application's object holds afterwards (null). */
    @MpiName("MPI_Win_free")
    int free(int win) throws ManaException;

    /** A new group handle. */
    @MpiName("MPI_Win_get_group")
    int group(int win) throws ManaException;

    @MpiName("MPI_Put")
    void put(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount, int targetType)
            throws ManaException;

    @MpiName("MPI_Get")
    void get(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount, int targetType)
            throws ManaException;

    @MpiName("MPI_Accumulate")
    void accumulate(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType, int op) throws ManaException;

    @MpiName("MPI_Get_accumulate")
    void getAccumulate(int win, Buffer origin, int count, int type, Buffer result, int resultCount, int resultType,
                       int rank, int disp, int targetCount, int targetType, int op) throws ManaException;

    @MpiName("MPI_Fetch_and_op")
    void fetchAndOp(int win, Buffer origin, Buffer result, int type, int rank, int disp, int op) throws ManaException;

    @MpiName("MPI_Compare_and_swap")
    void compareAndSwap(int win, Buffer origin, Buffer compare, Buffer result, int type, int rank, int disp)
            throws ManaException;

    /** A new request handle. */
    @MpiName("MPI_Rput")
    int rPut(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount, int targetType)
            throws ManaException;

    @MpiName("MPI_Rget")
    int rGet(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount, int targetType)
            throws ManaException;

    @MpiName("MPI_Raccumulate")
    int rAccumulate(int win, Buffer origin, int count, int type, int rank, int disp, int targetCount,
                    int targetType, int op) throws ManaException;

    @MpiName("MPI_Rget_accumulate")
    int rGetAccumulate(int win, Buffer origin, int count, int type, Buffer result, int resultCount, int resultType,
                       int rank, int disp, int targetCount, int targetType, int op) throws ManaException;

    @MpiName("MPI_Win_fence")
    void fence(int win, int assertion) throws ManaException;

    @MpiName("MPI_Win_start")
    void start(int win, int group, int assertion) throws ManaException;

    @MpiName("MPI_Win_complete")
    void complete(int win) throws ManaException;

    @MpiName("MPI_Win_post")
    void post(int win, int group, int assertion) throws ManaException;

    @MpiName("MPI_Win_wait")
    void waitFor(int win) throws ManaException;

    @MpiName("MPI_Win_test")
    boolean test(int win) throws ManaException;

    @MpiName("MPI_Win_lock")
    void lock(int win, int lockType, int rank, int assertion) throws ManaException;

    @MpiName("MPI_Win_unlock")
    void unlock(int win, int rank) throws ManaException;

    @MpiName("MPI_Win_lock_all")
    void lockAll(int win, int assertion) throws ManaException;

    @MpiName("MPI_Win_unlock_all")
    void unlockAll(int win) throws ManaException;

    @MpiName("MPI_Win_sync")
    void sync(int win) throws ManaException;

    @MpiName("MPI_Win_flush")
    void flush(int win, int rank) throws ManaException;

    @MpiName("MPI_Win_flush_all")
    void flushAll(int win) throws ManaException;

    @MpiName("MPI_Win_flush_local")
    void flushLocal(int win, int rank) throws ManaException;

    @MpiName("MPI_Win_flush_local_all")
    void flushLocalAll(int win) throws ManaException;

    @MpiName("MPI_Win_set_errhandler")
    void setErrhandler(int win, int errhandler) throws ManaException;

    /** The errhandler handle (a predefined one: ERRORS_ARE_FATAL or ERRORS_RETURN). */
    @MpiName("MPI_Win_get_errhandler")
    int errhandler(int win) throws ManaException;

    @MpiName("MPI_Win_call_errhandler")
    void callErrhandler(int win, int errorCode) throws ManaException;

    @MpiName("MPI_Win_create_keyval")
    int createKeyval() throws ManaException;

    @MpiName("MPI_Win_free_keyval")
    void freeKeyval(int keyval) throws ManaException;

    /** Stores an attribute value already serialized by the upper half (the binding's own form). */
    @MpiName("MPI_Win_set_attr")
    void setAttr(int win, int keyval, byte[] value) throws ManaException;

    /**
     * For a predefined keyval ({@code MPI.WIN_BASE}, {@code WIN_SIZE}, {@code WIN_DISP_UNIT})
     * the value as the raw binding returns it ({@code Long}, {@code Integer}) or null; for a
     * user keyval the serialized bytes or null.
     */
    @MpiName("MPI_Win_get_attr")
    Object getAttr(int win, int keyval) throws ManaException;

    @MpiName("MPI_Win_delete_attr")
    void deleteAttr(int win, int keyval) throws ManaException;

    /** A new info handle. */
    @MpiName("MPI_Win_get_info")
    int info(int win) throws ManaException;

    @MpiName("MPI_Win_set_info")
    void setInfo(int win, int info) throws ManaException;

    @MpiName("MPI_Win_get_name")
    String name(int win) throws ManaException;

    @MpiName("MPI_Win_set_name")
    void setName(int win, String name) throws ManaException;

    /**
     * True when an error MANA detects on this window is thrown (its errhandler is
     * ERRORS_RETURN), false when it aborts the job (ERRORS_ARE_FATAL, the default for
     * windows). No lower-half call. Only asked for live windows.
     */
    @MpiName("mana.errorsReturn")
    boolean errorsReturn(int win);
}
