package mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Map;

/**
 * Large blocking messages to and from Java arrays without the copy through native memory: MPI
 * reads or writes the array itself through a heap segment, which only a critical downcall
 * ({@code Linker.Option.critical(true)}) may take. While a critical downcall runs, the thread stays
 * "in Java": no safepoint (GC, deoptimization, a stack walk of MANA's checkpoint) completes in
 * this JVM until it returns. So only calls that cannot wait for another process go critical:
 *
 * <ul>
 * <li><b>Receives</b> ({@code recv}): an {@code MPI_Mprobe} first, in an
 * ordinary downcall (it may wait as long as it likes; the GC runs), so the message is matched
 * and its sender is in the middle of sending it; then {@code MPI_Mrecv} into the array, critical.
 * On one node that is a copy out of shared memory (Open MPI's vader: CMA single copy, the
 * receiver alone reads the sender's buffer; MPICH: shared-memory cells the sender fills while it
 * is in its send). Across a network the Mrecv would last as long as the transfer, so it is used
 * only when every rank of the world runs on this node ({@code OMPI_COMM_WORLD_LOCAL_SIZE} or
 * hydra's {@code MPI_LOCALNRANKS} equal to the world size), the process was not spawned, and it
 * never spawned, connected or joined (an intercommunicator may reach another node). Residual
 * wait: on a transport without single copy, a sender that {@code iSend}s a large message and then
 * computes without calling MPI holds the receiver's Mrecv (and its safepoints) until its next
 * MPI call. A message longer than the buffer is received into native memory of its own size
 * (the probe's status says it): Open MPI 4.1.4 writes all of a truncated message, past the
 * buffer's end (checked in C), which in the heap would overwrite the next objects.
 * {@code Message.mRecv} keeps the copy: it gets a matched message without its size.</li>
 * <li><b>Buffered sends</b> ({@code bSend}): local by definition (MPI copies into the attached
 * buffer and returns), so in place on any node.</li>
 * <li><b>Standard, synchronous and ready sends</b> wait for the receiver to match (rendezvous
 * above the eager limit), which may take as long as the receiver's program likes: a safepoint of
 * this JVM would wait as long, and a MANA checkpoint that needs a safepoint in this rank while
 * the receiver waits for that checkpoint would never end. Opt-in only:
 * {@code -Dmana.ffm.inplace.send=true} (env {@code MANA_FFM_INPLACE_SEND}), on one node as above.</li>
 * </ul>
 *
 * Only for arrays of a type with a heap segment (not {@code boolean[]}), from {@link #MIN_BYTES}
 * bytes ({@code -Dmana.ffm.inplace.min}, default 8 KiB: below it the copy costs less than the
 * extra Mprobe), where the call's elements lie wholly inside the array, and for contiguous
 * datatypes only: predefined, or a derived type whose data are exactly its extent from byte 0
 * (true lower bound 0, true extent = extent = size); a type with gaps, a negative true lower
 * bound or data past its extent keeps the copy (MPI would write next to the array, or the gaps'
 * old values must survive). Point-to-point only: no collective (a user-defined {@code Op} would
 * run Java code inside the critical call, where an upcall is not allowed). {@code
 * -Dmana.ffm.inplace=off} (env {@code MANA_FFM_INPLACE}) turns it all off, {@code on} forces the
 * receives in place on several nodes too.
 */
final class FfmInPlace {

    private static final String P2P = "int ptr int type rank tag comm";
    private static final class MPROBE { static final MethodHandle H = FfmLib.fn("MPI_Mprobe", "int rank tag comm ptr ptr"); }
    private static final class MRECV { static final MethodHandle H = FfmLib.fnCritical("MPI_Mrecv", "int ptr int type ptr ptr"); }
    private static final class SEND { static final MethodHandle H = FfmLib.fnCritical("MPI_Send", P2P); }
    private static final class BSEND { static final MethodHandle H = FfmLib.fnCritical("MPI_Bsend", P2P); }
    private static final class SSEND { static final MethodHandle H = FfmLib.fnCritical("MPI_Ssend", P2P); }
    private static final class RSEND { static final MethodHandle H = FfmLib.fnCritical("MPI_Rsend", P2P); }
    private static final class GET_PARENT { static final MethodHandle H = FfmLib.fn("MPI_Comm_get_parent", "int ptr"); }
    private static final class TRUE_EXTENT {
        static final MethodHandle H = FfmLib.fn("MPI_Type_get_true_extent", "int type ptr ptr");
    }
    private static final long COMM_NULL = FfmLib.c("MPI_COMM_NULL");

    /** Smallest message (bytes) that goes in place. */
    static final long MIN_BYTES = Long.getLong("mana.ffm.inplace.min", 8192);
    private static final String MODE = setting("mana.ffm.inplace", "MANA_FFM_INPLACE", "auto");
    /** Blocking standard/synchronous/ready sends in place too (opt-in, see the class comment). */
    private static final boolean SEND_OPT_IN = Boolean.parseBoolean(setting("mana.ffm.inplace.send",
            "MANA_FFM_INPLACE_SEND", "false"));
    /** Receives (and opted-in sends) in place: one node, not spawned, no dynamic process since. */
    private static volatile boolean local = !MODE.equals("off") && (MODE.equals("on") || oneNode() && !spawned());
    private static final boolean BUFFERED = !MODE.equals("off");

    private FfmInPlace() {
    }

    private static String setting(String property, String env, String fallback) {
        String v = System.getProperty(property, System.getenv(env));
        return v == null || v.isBlank() ? fallback : v.trim().toLowerCase(java.util.Locale.ROOT);
    }

    /** Every rank of the world on this node, as the launcher says (a process without one is alone). */
    private static boolean oneNode() {
        Map<String, String> env = System.getenv();
        String[][] pairs = {{"OMPI_COMM_WORLD_LOCAL_SIZE", "OMPI_COMM_WORLD_SIZE"}, {"MPI_LOCALNRANKS", "PMI_SIZE"}};
        for (String[] p : pairs) {
            String localSize = env.get(p[0]);
            String size = env.get(p[1]);
            if (size != null) {
                return size.equals(localSize);
            }
        }
        return !env.containsKey("PMI_RANK") && !env.containsKey("PMI_FD");
    }

    private static boolean spawned() {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = FfmSupport.allocHandle(a, "comm");
            return (int) GET_PARENT.H.invokeExact(out) != 0 || FfmSupport.getHandle(out, "comm", 0) != COMM_NULL;
        } catch (Throwable t) {
            return true;
        }
    }

    /** A spawn, connect, accept or join: the job may now span nodes. */
    static void dynamicProcesses() {
        if (!MODE.equals("on")) {
            local = false;
        }
    }

    /**
     * The array itself (a heap segment from {@code offset}) when {@code count} elements of
     * {@code type} may go in place, else null (the caller copies).
     */
    private static MemorySegment heap(Object buf, boolean db, int offset, int count, long type) throws MPIException {
        if (db || buf == null || count <= 0 || offset < 0) {
            return null;
        }
        long bytes = FfmSupport.arrayBytes(buf);
        if (bytes < MIN_BYTES || buf instanceof boolean[] || !buf.getClass().isArray()) {
            return null;
        }
        long extent = FfmSupport.extent(type);
        long span = count * extent;
        if (span < MIN_BYTES || span > bytes - offset || !contiguous(type, extent)) {
            return null;
        }
        return FfmSupport.heapSlice(buf, offset, span);
    }

    /** Data exactly [0, extent) of each element: predefined types, or a derived one checked here. */
    private static boolean contiguous(long type, long extent) throws MPIException {
        if (FfmSupport.isPredefined(type)) {
            return true;
        }
        if (FfmSupport.typeSize(type) != extent) {
            return false;
        }
        try (Arena a = FfmScratch.open()) {
            MemorySegment lb = a.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            MemorySegment ext = a.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            FfmSupport.check((int) TRUE_EXTENT.H.invokeExact(type, lb, ext));
            return lb.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0) == 0
                    && ext.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0) == extent;
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    /**
     * A blocking receive into the array itself when it may (Mprobe, then a critical Mrecv);
     * false when the caller must take the copying path.
     */
    static boolean recv(long comm, Object buf, boolean db, int offset, int count, long type, int source, int tag,
            long[] stat) throws MPIException {
        if (!local || source == MPI.PROC_NULL) {
            return false;
        }
        MemorySegment array = heap(buf, db, offset, count, type);
        if (array == null) {
            return false;
        }
        try (FfmScratch a = FfmScratch.open()) {
            MemorySegment msg = a.handleSlot();
            MemorySegment st = a.statusSlot();
            FfmSupport.check((int) MPROBE.H.invokeExact(source, tag, comm, msg, st));
            FfmSupport.statusToJava(st, stat, -1);
            if (stat[4] > array.byteSize()) {
                // Truncated: Open MPI 4.1.4 (vader) writes the whole message past the receive buffer
                // (checked in C). Into native memory of the message's size, never into the heap; the
                // call then throws MPI_ERR_TRUNCATE as MPI says.
                MemorySegment whole = a.allocate(stat[4], 16);
                FfmSupport.check((int) MRECV.H.invokeExact(whole, count, type, msg, st));
            } else {
                FfmSupport.check((int) MRECV.H.invokeExact(array, count, type, msg, st));
            }
            FfmSupport.statusToJava(st, stat, -1);
            return true;
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    /** Which blocking send: FfmComm's kinds. */
    static final int STANDARD = 0;
    static final int BUFFERED_SEND = 1;
    static final int SYNCHRONOUS = 2;
    static final int READY = 3;

    /** A blocking send from the array itself when it may; false when the caller must copy. */
    static boolean send(int kind, long comm, Object buf, boolean db, int offset, int count, long type, int dest,
            int tag) throws MPIException {
        boolean allowed = kind == BUFFERED_SEND ? BUFFERED : SEND_OPT_IN && local;
        if (!allowed) {
            return false;
        }
        MemorySegment array = heap(buf, db, offset, count, type);
        if (array == null) {
            return false;
        }
        try {
            MethodHandle h = switch (kind) {
                case BUFFERED_SEND -> BSEND.H;
                case SYNCHRONOUS -> SSEND.H;
                case READY -> RSEND.H;
                default -> SEND.H;
            };
            FfmSupport.check((int) h.invokeExact(array, count, type, dest, tag, comm));
            return true;
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }
}
