package mpi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-thread native memory for the duration of one MPI call: out-parameters, statuses, copies
 * of Java arrays. A bump allocator over a block that grows to the largest call seen and is
 * then reused, so a call allocates (and zeroes) nothing in the common case — a confined arena
 * per call costs a malloc, a zeroing and a free each time, which dominated small messages.
 * Calls nest (a native calling a helper that allocates): {@link #open} and {@link #close} work
 * as a stack. Never for memory MPI keeps after the call (non-blocking buffers are the
 * application's direct buffers).
 */
final class FfmScratch implements Arena {

    private static final ThreadLocal<FfmScratch> LOCAL = ThreadLocal.withInitial(FfmScratch::new);
    private static final long INITIAL = 64 * 1024;
    /** Above this, a call's memory comes from a confined arena freed when the call ends. */
    private static final long MAX_BLOCK = 64L * 1024 * 1024;
    /** Small allocations are zeroed (out-parameters, arrays MPI may not fill completely). */
    private static final long ZERO_UP_TO = 4096;

    private MemorySegment block = Arena.ofAuto().allocate(INITIAL, 16);
    private long offset;
    private long[] marks = new long[16];
    private int depth;
    /** Blocks outgrown during the current outermost call; slices of them may still be in use. */
    private final List<MemorySegment> retired = new ArrayList<>();
    private Arena overflow;

    /**
     * Per nesting level, one handle, one status and five longs, made once and reused: the hot
     * paths (a request's handle, a receive's status, the status copied out) then make no
     * MemorySegment per call. One of each per level only; a level is an {@link #open}, so a
     * nested call (an upcall into a user function that calls MPI) gets its own.
     */
    private final MemorySegment[] handleSlots = new MemorySegment[16];
    private final MemorySegment[] statusSlots = new MemorySegment[16];
    private final MemorySegment[] longSlots = new MemorySegment[16];
    private static final long STATUS_BYTES = FfmLib.size("MPI_Status");

    /**
     * Per nesting level, the ArrayIndexOutOfBoundsException of a Java array shorter than the call
     * (see {@link FfmSupport#read}) and that array: thrown by {@link #close}, after MPI ran, as the
     * JNI binding's failed region copy leaves it pending until the native method returns.
     */
    private RuntimeException[] pending = new RuntimeException[16];
    private Object[] pendingArray = new Object[16];

    private FfmScratch() {
    }

    /** Records {@code e} for {@code array}, to be thrown when this call's level closes (the first one wins). */
    void pend(Object array, RuntimeException e) {
        int level = depth - 1;
        if (level >= pending.length) {
            pending = java.util.Arrays.copyOf(pending, depth * 2);
            pendingArray = java.util.Arrays.copyOf(pendingArray, depth * 2);
        }
        if (pending[level] == null) {
            pending[level] = e;
            pendingArray[level] = array;
        }
    }

    /** Whether the current call found {@code array} too short (nothing is then copied back into it). */
    static boolean isShort(Object array) {
        FfmScratch s = LOCAL.get();
        int level = s.depth - 1;
        return level >= 0 && level < s.pending.length && s.pending[level] != null && s.pendingArray[level] == array;
    }

    /** This level's handle cell (8 bytes, zeroed), for calls that have one handle in or out. */
    MemorySegment handleSlot() {
        MemorySegment s = slot(handleSlots, 8);
        s.set(java.lang.foreign.ValueLayout.JAVA_LONG, 0, 0);
        return s;
    }

    /** This level's MPI_Status (not zeroed: MPI fills it). */
    MemorySegment statusSlot() {
        return slot(statusSlots, STATUS_BYTES);
    }

    /** This level's five longs (not zeroed). */
    MemorySegment longsSlot() {
        return slot(longSlots, 5 * 8);
    }

    private MemorySegment slot(MemorySegment[] slots, long bytes) {
        int level = depth - 1;
        if (level >= slots.length) {
            return allocate(bytes, 8);
        }
        MemorySegment s = slots[level];
        if (s == null) {
            s = Arena.ofAuto().allocate(bytes, 8);
            slots[level] = s;
        }
        return s;
    }

    /** This thread's scratch memory, for one call; close it when the call ends. */
    static FfmScratch open() {
        FfmScratch s = LOCAL.get();
        if (s.depth == s.marks.length) {
            s.marks = java.util.Arrays.copyOf(s.marks, s.depth * 2);
        }
        s.marks[s.depth++] = s.offset;
        return s;
    }

    @Override
    public MemorySegment allocate(long byteSize, long byteAlignment) {
        long start = (offset + byteAlignment - 1) & -byteAlignment;
        if (start + byteSize > block.byteSize()) {
            long wanted = Math.max(block.byteSize() * 2, (offset + byteSize) * 2);
            if (wanted > MAX_BLOCK) {
                if (overflow == null) {
                    overflow = Arena.ofConfined();
                }
                return overflow.allocate(byteSize, byteAlignment);
            }
            retired.add(block);
            block = Arena.ofAuto().allocate(wanted, 16);
            start = 0;
        }
        offset = start + byteSize;
        MemorySegment s = block.asSlice(start, byteSize);
        if (byteSize <= ZERO_UP_TO) {
            s.fill((byte) 0);
        }
        return s;
    }

    @Override
    public MemorySegment.Scope scope() {
        return block.scope();
    }

    @Override
    public void close() {
        offset = marks[--depth];
        RuntimeException e = null;
        if (depth < pending.length && pending[depth] != null) {
            e = pending[depth];
            pending[depth] = null;
            pendingArray[depth] = null;
        }
        if (depth == 0) {
            offset = 0;
            retired.clear();
            if (overflow != null) {
                overflow.close();
                overflow = null;
            }
        }
        if (e != null) {
            throw e;
        }
    }
}
