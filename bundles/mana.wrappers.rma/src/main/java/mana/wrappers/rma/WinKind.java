package mana.wrappers.rma;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.Buffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.SavedInput;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Win;
import org.osgi.service.component.annotations.Component;

/**
 * The window kind. A window made by {@code new Win(buffer, ...)} (MPI_Win_create) is saved with
 * its memory and rebuilt at a restart:
 * <ul>
 * <li>at the cut ({@link #atCut}) its outstanding one-sided operations complete: a fence on
 *     every member if it is in a fence epoch, a flush if this rank holds locks on it;</li>
 * <li>its buffer goes into the checkpoint's object stream with the application's state
 *     ({@link #objects}), so the restored buffer the application reads is the one the rebuilt
 *     window exposes, with the contents it had at the cut;</li>
 * <li>the rebuild makes the window again over that buffer (collective over the communicator's
 *     members, in creation order) and opens the epochs that were open: a fence epoch with a
 *     fence, the locks it held with lock / lockAll.</li>
 * </ul>
 * A window whose memory MPI allocated ({@code allocate}, {@code allocateShared}) has no Java
 * buffer to save: at the cut each rank reads its own part with a one-sided get from itself,
 * once every member's outstanding operations have landed (after the cut's fence, or after a
 * barrier that follows every member's flush); the part is saved with the descriptor, and the
 * rebuild allocates the window again and puts it back (then a barrier, so that no member reads
 * or writes a part before its owner restored it).
 * <p>Not yet: dynamic windows (remote ranks address attached memory by address, which a
 * restart changes), a window in a post/start epoch at the cut, and an allocated window on which
 * this rank holds an exclusive lock on another rank (that rank could not read its own part). A
 * checkpoint then is abandoned with a reason naming the window ({@link #unsupportedReason}).
 */
@Component(service = DescriptorKind.class)
public final class WinKind implements DescriptorKind {
    /** 2: epochs (fence, lockAll, locks) after the info; 3: an allocated window's contents after them. */
    static final int FORMAT = 3;
    /** After communicators, groups, datatypes and ops (what a window is made over); before files. */
    static final int ORDER_WIN = 500;

    @Override
    public int kind() {
        return Kind.WIN;
    }

    @Override
    public String name() {
        return "window";
    }

    @Override
    public int restoreOrder() {
        return ORDER_WIN;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.WIN && e.descriptor() instanceof WinDescriptor d) {
                out.add(d);
            }
        }
        return out;
    }

    @Override
    public String unsupportedReason(Descriptor descriptor) {
        return unsupported((WinDescriptor) descriptor);
    }

    static String unsupported(WinDescriptor d) {
        if (d.flavor() == WinDescriptor.Flavor.DYNAMIC) {
            return "window " + describe(d) + " is live: dynamic windows (MPI_Win_create_dynamic) are not rebuilt at a"
                    + " restart yet, since other ranks address their memory by addresses a restart changes (free it"
                    + " with Win.free() before the checkpoint)";
        }
        if (d.isAllocated() && (long) d.size() * d.elementSize() > Integer.MAX_VALUE - 8) {
            return "window " + describe(d) + " is live: allocated windows of 2 GiB or more are not saved yet";
        }
        if (!Vid.isPredefined(d.comm()) && !Handles.TABLE.isLive(d.comm())) {
            return "window " + describe(d) + " was made over a communicator freed since: keep the communicator"
                    + " until the window is freed, or free the window before the checkpoint";
        }
        if (d.inFenceEpoch() && (d.holdsLockAll() || !d.locks().isEmpty())) {
            // the cut completes a fence epoch with a fence on every member, which a held lock forbids
            return "window " + describe(d) + " holds passive-target locks inside a fence epoch: unlock, or end"
                    + " the fence epoch with MPI_MODE_NOSUCCEED, before a safe point that may checkpoint";
        }
        if (d.isAllocated()) {
            int me = rankOrMinus1(d);
            for (Map.Entry<Integer, Integer> l : d.locks().entrySet()) {
                if (l.getKey() != me && l.getValue() == MPI.LOCK_EXCLUSIVE) {
                    return "window " + describe(d) + " holds an exclusive lock on rank " + l.getKey() + ", which then cannot"
                            + " read its own part of the window at the cut: unlock before a safe point that may checkpoint";
                }
            }
        }
        if (d.inPscwEpoch()) {
            return "window " + describe(d) + " is in a post/start epoch: complete it (complete / waitFor)"
                    + " before a safe point that may checkpoint";
        }
        return null;
    }

    /** Completes every live window's one-sided operations, in creation order (collective fences meet). */
    @Override
    public void atCut() throws ManaException {
        List<VidTable.Entry> wins = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.WIN && e.descriptor() instanceof WinDescriptor) {
                wins.add(e);
            }
        }
        wins.sort(java.util.Comparator.comparingLong(e -> e.descriptor().sequence()));
        try {
            for (VidTable.Entry e : wins) {
                WinDescriptor d = (WinDescriptor) e.descriptor();
                Win w = (Win) e.lower();
                if (d.inFenceEpoch()) {
                    w.fence(0);
                } else if (d.holdsLockAll() || !d.locks().isEmpty()) {
                    w.flushAll();
                }
                if (d.isAllocated()) {
                    d.setContents(readOwnPart(d, w));
                }
            }
        } catch (MPIException x) {
            throw Lower.error(x);
        }
    }

    /**
     * This rank's part of an allocated window, read with a get from itself once every member's
     * operations have landed: in a fence epoch the get is completed by one more fence (every
     * member makes it); otherwise a barrier after every member's flush, then the get in the
     * passive-target epoch this rank holds on itself, or in a shared lock of its own (no member
     * holds an exclusive lock on another: {@link #unsupported} refuses that).
     */
    private static java.nio.ByteBuffer readOwnPart(WinDescriptor d, Win w) throws MPIException, ManaException {
        int bytes = d.size() * d.elementSize();
        java.nio.ByteBuffer part = java.nio.ByteBuffer.allocateDirect(bytes);
        int me = Lower.comm(d.comm()).getRank();
        if (d.inFenceEpoch()) {
            if (bytes > 0) {
                w.get(part, bytes, MPI.BYTE, me, 0, bytes, MPI.BYTE);
            }
            w.fence(0);
            return part;
        }
        Lower.comm(d.comm()).barrier();
        if (bytes == 0) {
            return part;
        }
        if (d.holdsLockAll() || d.locks().containsKey(me)) {
            w.get(part, bytes, MPI.BYTE, me, 0, bytes, MPI.BYTE);
            w.flush(me);
        } else {
            w.lock(MPI.LOCK_SHARED, me, 0);
            w.get(part, bytes, MPI.BYTE, me, 0, bytes, MPI.BYTE);
            w.unlock(me);
        }
        return part;
    }

    /** This rank's rank in the window's communicator, or -1 when that is not known. */
    private static int rankOrMinus1(WinDescriptor d) {
        try {
            return Lower.comm(d.comm()).getRank();
        } catch (ManaException | MPIException e) {
            return -1;
        }
    }

    @Override
    public List<Object> objects(Descriptor descriptor) {
        WinDescriptor d = (WinDescriptor) descriptor;
        return d.flavor() == WinDescriptor.Flavor.CREATE && d.base() != null ? List.of(d.base()) : List.of();
    }

    @Override
    public void bindObjects(Descriptor descriptor, List<Object> objects) {
        if (!objects.isEmpty() && objects.get(0) instanceof Buffer b) {
            ((WinDescriptor) descriptor).bindBase(b);
        }
    }

    private static String describe(WinDescriptor d) {
        String n = d.name();
        String label = n != null && !n.isEmpty() ? "\"" + n + "\" " : "";
        String comm = Vid.isPredefined(d.comm()) && Predefined.name(d.comm()) != null
                ? "MPI_" + Predefined.name(d.comm()) : "communicator " + Vid.toString(d.comm());
        return label + "(" + d.flavor().name().toLowerCase(java.util.Locale.ROOT) + ", over " + comm
                + ", gid " + Long.toHexString(d.commGid()) + ")";
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        WinDescriptor d = (WinDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeUTF(d.flavor().name());
        out.writeInt(d.comm());
        out.writeLong(d.commGid());
        out.writeInt(d.size());
        out.writeInt(d.dispUnit());
        out.writeInt(d.elementSize());
        out.writeInt(d.errhandler());
        String name = d.name();
        out.writeBoolean(name != null);
        if (name != null) {
            out.writeUTF(name);
        }
        Map<String, String> info = d.info();
        out.writeInt(info.size());
        for (Map.Entry<String, String> e : info.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
        out.writeBoolean(d.inFenceEpoch());
        out.writeBoolean(d.holdsLockAll());
        Map<Integer, Integer> locks = d.locks();
        out.writeInt(locks.size());
        for (Map.Entry<Integer, Integer> l : locks.entrySet()) {
            out.writeInt(l.getKey());
            out.writeInt(l.getValue());
        }
        java.nio.ByteBuffer part = d.isAllocated() ? d.contents() : null;
        out.writeBoolean(part != null);
        if (part != null) {
            byte[] b = new byte[part.capacity()];
            part.duplicate().clear().get(b);
            out.writeInt(b.length);
            out.write(b);
            d.setContents(null); // read again at the next cut
        }
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("window descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        WinDescriptor.Flavor flavor;
        try {
            flavor = WinDescriptor.Flavor.valueOf(in.readUTF());
        } catch (IllegalArgumentException e) {
            throw new IOException("window descriptor: unknown flavor", e);
        }
        int comm = in.readInt();
        long gid = in.readLong();
        int size = in.readInt();
        int dispUnit = in.readInt();
        int elementSize = in.readInt();
        int errhandler = in.readInt();
        String name = in.readBoolean() ? in.readUTF() : null;
        int n = SavedInput.count(in, 4, "window info entry"); // two UTF strings: 2 length bytes each
        Map<String, String> info = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            info.put(in.readUTF(), in.readUTF());
        }
        WinDescriptor d = new WinDescriptor(sequence, flavor, comm, gid, null, size, dispUnit, elementSize, info);
        d.setErrhandler(errhandler);
        d.setName(name);
        boolean fence = in.readBoolean();
        boolean all = in.readBoolean();
        int held = SavedInput.count(in, 8, "window lock"); // target rank, lock type
        Map<Integer, Integer> locks = new LinkedHashMap<>();
        for (int i = 0; i < held; i++) {
            locks.put(in.readInt(), in.readInt());
        }
        d.restoreEpochs(fence, all, locks);
        if (in.readBoolean()) {
            byte[] b = new byte[SavedInput.count(in, 1, "window content byte")];
            in.readFully(b);
            if (!d.isAllocated() || b.length != (long) size * elementSize) {
                throw new IOException("window descriptor: " + b.length + " bytes of contents for a " + flavor
                        + " window of " + size + " elements of " + elementSize + " bytes");
            }
            d.setContents(java.nio.ByteBuffer.allocateDirect(b.length).put(b));
        } else if (d.isAllocated()) {
            throw new IOException("window descriptor: the contents of an allocated window are missing");
        }
        return d;
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        WinDescriptor d = (WinDescriptor) descriptor;
        String why = unsupported(d);
        if (why != null || (!d.isAllocated() && d.base() == null) || (d.isAllocated() && d.contents() == null)) {
            throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION, "MANA: cannot rebuild " + d.summary()
                    + (why != null ? ": " + why : ": its buffer is missing from the checkpoint"));
        }
        try {
            Info info = Infos.make(d.info(), true);
            Win w;
            try {
                w = d.isAllocated() ? allocateAgain(d, info) : new Win(d.base(), d.size(), d.dispUnit(), info, Lower.comm(d.comm()));
            } finally {
                if (info != MPI.INFO_NULL) {
                    info.free();
                }
            }
            if (d.errhandler() != 0) {
                w.setErrhandler(Comms.errhandler(d.errhandler()));
            }
            if (d.name() != null) {
                w.setName(d.name());
            }
            if (d.isAllocated()) {
                putOwnPartBack(d, w);
            }
            // the epochs open at the cut: a fence epoch (every member fences: all were in it), the locks held
            if (d.inFenceEpoch()) {
                w.fence(0);
            }
            if (d.holdsLockAll()) {
                w.lockAll(0);
            }
            for (Map.Entry<Integer, Integer> l : d.locks().entrySet()) {
                w.lock(l.getValue(), l.getKey(), 0);
            }
            return w;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /**
     * The window allocated again with the same size and displacement unit in bytes; the address
     * MPI writes into the base buffer goes to a scratch buffer (the application's, if it kept
     * one in its state, holds the address of the first run).
     */
    private static Win allocateAgain(WinDescriptor d, Info info) throws MPIException, ManaException {
        java.nio.ByteBuffer address = java.nio.ByteBuffer.allocateDirect(Long.BYTES);
        int flavor = d.flavor() == WinDescriptor.Flavor.ALLOCATE ? Win.FLAVOR_PRIVATE : Win.FLAVOR_SHARED;
        return new Win(d.size() * d.elementSize(), d.dispUnit() * d.elementSize(), info, Lower.comm(d.comm()), address,
                flavor);
    }

    /**
     * This rank's part of a rebuilt allocated window as it was at the cut, then a barrier: no
     * member's first one-sided operation after the restart meets a part not yet restored.
     */
    private static void putOwnPartBack(WinDescriptor d, Win w) throws MPIException, ManaException {
        java.nio.ByteBuffer part = d.contents();
        int bytes = part.capacity();
        if (bytes != d.size() * d.elementSize()) {
            throw ManaException.of(ErrorClass.OTHER, "MANA: cannot rebuild " + d.summary() + ": the checkpoint holds "
                    + bytes + " bytes of it, the window has " + d.size() * d.elementSize());
        }
        mpi.Comm comm = Lower.comm(d.comm());
        if (bytes > 0) {
            int me = comm.getRank();
            w.lock(MPI.LOCK_EXCLUSIVE, me, 0);
            w.put(part, bytes, MPI.BYTE, me, 0, bytes, MPI.BYTE);
            w.unlock(me);
        }
        comm.barrier();
        d.setContents(null);
    }
}
