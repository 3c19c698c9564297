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
 * Not yet: windows MPI allocated (allocate, allocateShared: the memory is MPI's) and dynamic
 * windows (remote ranks address attached memory by address, which a restart changes), and a
 * window in a post/start epoch at the cut. A checkpoint then is abandoned with a reason naming
 * the window ({@link #unsupportedReason}).
 */
@Component(service = DescriptorKind.class)
public final class WinKind implements DescriptorKind {
    /** 2: epochs (fence, lockAll, locks) after the info. */
    static final int FORMAT = 2;
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
        if (d.flavor() != WinDescriptor.Flavor.CREATE) {
            return "window " + describe(d) + " is live: only windows made over an application buffer (MPI_Win_create)"
                    + " are rebuilt at a restart yet (free it with Win.free() before the checkpoint)";
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
            }
        } catch (MPIException x) {
            throw Lower.error(x);
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
        return d;
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        WinDescriptor d = (WinDescriptor) descriptor;
        String why = unsupported(d);
        if (why != null || d.base() == null) {
            throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION, "MANA: cannot rebuild " + d.summary()
                    + (why != null ? ": " + why : ": its buffer is missing from the checkpoint"));
        }
        try {
            Info info = Infos.make(d.info(), true);
            Win w;
            try {
                w = new Win(d.base(), d.size(), d.dispUnit(), info, Lower.comm(d.comm()));
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
}
