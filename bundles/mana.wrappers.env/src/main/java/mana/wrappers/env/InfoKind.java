package mana.wrappers.env;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.InfoDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/** The info kind: an info is its key/value pairs; a rebuild sets them on a new info (local, no communication). */
@Component(service = DescriptorKind.class)
public final class InfoKind implements DescriptorKind {
    static final int FORMAT = 1;
    /** After groups, before datatypes: infos depend on nothing. */
    static final int ORDER_INFO = ORDER_GROUP + 50;

    @Override
    public int kind() {
        return Kind.INFO;
    }

    @Override
    public String name() {
        return "info";
    }

    @Override
    public int restoreOrder() {
        return ORDER_INFO;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.INFO && e.descriptor() instanceof InfoDescriptor d) {
                out.add(d);
            }
        }
        return out;
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        InfoDescriptor d = (InfoDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        writePairs(out, d.entries());
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("info descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        return new InfoDescriptor(sequence, readPairs(in));
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        try {
            return Infos.make(((InfoDescriptor) descriptor).entries(), false);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /** Pairs as a count and UTF strings. */
    static void writePairs(DataOutput out, Map<String, String> pairs) throws IOException {
        out.writeInt(pairs.size());
        for (Map.Entry<String, String> e : pairs.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }

    static Map<String, String> readPairs(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 16)) {
            throw new IOException("bad info pair count " + n);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            m.put(in.readUTF(), in.readUTF());
        }
        return m;
    }
}
