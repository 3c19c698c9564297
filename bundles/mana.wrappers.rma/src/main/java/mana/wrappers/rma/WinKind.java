package mana.wrappers.rma;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import org.osgi.service.component.annotations.Component;

/**
 * The window kind. A live window cannot be rebuilt at a restart yet: its memory (the window's
 * contents on every member, epochs and locks in progress) would have to be saved and re-exposed
 * collectively. So a checkpoint with a live window is abandoned with a reason naming it
 * ({@link #unsupportedReason}); free windows before a safe point that may checkpoint. The saved
 * form exists for the shell and for a later rebuild.
 */
@Component(service = DescriptorKind.class)
public final class WinKind implements DescriptorKind {
    static final int FORMAT = 1;
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
        return "window " + describe(d) + " is live: windows cannot be rebuilt at a restart yet"
                + " (free it with Win.free() before the checkpoint)";
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
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("window descriptor: negative info size " + n);
        }
        Map<String, String> info = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            info.put(in.readUTF(), in.readUTF());
        }
        WinDescriptor d = new WinDescriptor(sequence, flavor, comm, gid, null, size, dispUnit, elementSize, info);
        d.setErrhandler(errhandler);
        d.setName(name);
        return d;
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION,
                "MANA: restart of windows is not implemented (" + descriptor.summary() + ")");
    }
}
