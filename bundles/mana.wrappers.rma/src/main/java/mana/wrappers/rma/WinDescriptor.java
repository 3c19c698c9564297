package mana.wrappers.rma;

import java.nio.Buffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.desc.Descriptor;
import mana.core.desc.Sequence;
import mana.core.vid.Kind;
import mana.core.vid.Vid;

/**
 * What MANA knows of one window: how it was made (flavor, communicator, sizes in elements of
 * the base buffer, element size), and what the application set on it since (name, errhandler,
 * info hints). It holds the base buffer and the attached buffers of a dynamic window, so their
 * memory stays reachable while MPI may access it.
 */
public final class WinDescriptor implements Descriptor {
    /** How the window was made. */
    public enum Flavor {
        CREATE, ALLOCATE, ALLOCATE_SHARED, DYNAMIC
    }

    private final long sequence;
    private final Flavor flavor;
    private final int comm;
    private final long commGid;
    private final int size;
    private final int dispUnit;
    private final int elementSize;
    /** Final but for a restart, which binds the restored buffer ({@link #bindBase}) before the rebuild. */
    private Buffer base;
    private final List<Buffer> attached = new ArrayList<>();
    // The synchronization epochs open now (what a restart must open again), written inside the
    // window's MPI calls and read by the checkpoint engine with the gate closed. No lock: a
    // fence or a lock is an MPI call on a hot path.
    private volatile boolean fenceEpoch;
    private volatile boolean accessEpoch;
    private volatile boolean exposureEpoch;
    private volatile boolean lockedAll;
    /** Passive-target locks held: target rank -> lock type. */
    private final Map<Integer, Integer> locks = new ConcurrentHashMap<>();
    private volatile String name;
    private volatile int errhandler;
    private volatile Map<String, String> info;
    /**
     * An allocated window's memory as this rank's part of it was at the cut (read at the cut,
     * written with the descriptor), or as a restart read it back (written into the rebuilt
     * window). Null otherwise.
     */
    private volatile java.nio.ByteBuffer contents;

    public WinDescriptor(Flavor flavor, int comm, long commGid, Buffer base, int size, int dispUnit, int elementSize,
                         Map<String, String> info) {
        this(Sequence.next(), flavor, comm, commGid, base, size, dispUnit, elementSize, info);
    }

    /** A descriptor read back from a checkpoint (no buffers). */
    WinDescriptor(long sequence, Flavor flavor, int comm, long commGid, Buffer base, int size, int dispUnit,
                  int elementSize, Map<String, String> info) {
        this.sequence = sequence;
        this.flavor = flavor;
        this.comm = comm;
        this.commGid = commGid;
        this.base = base;
        this.size = size;
        this.dispUnit = dispUnit;
        this.elementSize = elementSize;
        this.info = Collections.unmodifiableMap(new LinkedHashMap<>(info));
    }

    @Override
    public int kind() {
        return Kind.WIN;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public Flavor flavor() {
        return flavor;
    }

    /** The communicator handle the window was made over. */
    public int comm() {
        return comm;
    }

    /** That communicator's gid (the same on every member). */
    public long commGid() {
        return commGid;
    }

    /** The base buffer (null for a dynamic window); kept reachable while the window lives. */
    public Buffer base() {
        return base;
    }

    /** True for a window whose memory MPI allocated (allocate, allocateShared): saved as {@link #contents}. */
    public boolean isAllocated() {
        return flavor == Flavor.ALLOCATE || flavor == Flavor.ALLOCATE_SHARED;
    }

    /** This rank's part of an allocated window's memory at the cut, or read back by a restart. */
    java.nio.ByteBuffer contents() {
        return contents;
    }

    void setContents(java.nio.ByteBuffer contents) {
        this.contents = contents;
    }

    /** A restart gives a loaded descriptor the restored buffer the window exposes again. */
    void bindBase(Buffer restored) {
        this.base = restored;
    }

    // ---- epochs ---------------------------------------------------------------------------------

    /** A fence opens a fence epoch unless it asserts MPI_MODE_NOSUCCEED (then it closes it). */
    void fenced(boolean opensEpoch) {
        fenceEpoch = opensEpoch;
    }

    public boolean inFenceEpoch() {
        return fenceEpoch;
    }

    void accessEpoch(boolean open) {
        accessEpoch = open;
    }

    void exposureEpoch(boolean open) {
        exposureEpoch = open;
    }

    /** A post/start (general active target) epoch is open. */
    public boolean inPscwEpoch() {
        return accessEpoch || exposureEpoch;
    }

    void locked(int rank, int lockType) {
        locks.put(rank, lockType);
    }

    void unlocked(int rank) {
        locks.remove(rank);
    }

    void lockedAll(boolean held) {
        lockedAll = held;
    }

    public boolean holdsLockAll() {
        return lockedAll;
    }

    /** The passive-target locks held now: target rank -> lock type. */
    public Map<Integer, Integer> locks() {
        return new TreeMap<>(locks);
    }

    /** Restores the epochs a checkpoint saved (a loaded descriptor, before the rebuild opens them again). */
    void restoreEpochs(boolean fence, boolean all, Map<Integer, Integer> held) {
        fenceEpoch = fence;
        lockedAll = all;
        locks.clear();
        locks.putAll(held);
    }

    /** Size in elements of the base buffer, as the application passed it (0 for a dynamic window). */
    public int size() {
        return size;
    }

    /** Displacement unit in elements of the base buffer. */
    public int dispUnit() {
        return dispUnit;
    }

    /** Bytes per element of the base buffer (1 for a dynamic window). */
    public int elementSize() {
        return elementSize;
    }

    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The predefined errhandler handle the window has. */
    public int errhandler() {
        return errhandler;
    }

    public void setErrhandler(int errhandler) {
        this.errhandler = errhandler;
    }

    /** The hints the application gave at creation or by setInfo, in their order. */
    public Map<String, String> info() {
        return info;
    }

    public void setInfo(Map<String, String> pairs) {
        this.info = Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
    }

    /** How many buffers are attached to a dynamic window now. */
    public synchronized int attachedCount() {
        return attached.size();
    }

    synchronized void attach(Buffer b) {
        attached.add(b);
    }

    /** Drops one attachment of {@code b} (by identity); false if it was not attached. */
    synchronized boolean detach(Buffer b) {
        for (int i = 0; i < attached.size(); i++) {
            if (attached.get(i) == b) {
                attached.remove(i);
                return true;
            }
        }
        return false;
    }

    /** Releases the buffers (the window was freed). */
    synchronized void release() {
        attached.clear();
    }

    @Override
    public String summary() {
        StringBuilder sb = new StringBuilder("window ");
        sb.append(flavor.name().toLowerCase(java.util.Locale.ROOT));
        if (flavor != Flavor.DYNAMIC) {
            sb.append(' ').append(size).append(" x ").append(elementSize).append(" B, disp unit ").append(dispUnit);
        } else {
            sb.append(", ").append(attachedCount()).append(" attached");
        }
        sb.append(" over ").append(Vid.toString(comm)).append(" (gid ").append(Long.toHexString(commGid)).append(')');
        if (name != null && !name.isEmpty()) {
            sb.append(" \"").append(name).append('"');
        }
        return sb.toString();
    }
}
