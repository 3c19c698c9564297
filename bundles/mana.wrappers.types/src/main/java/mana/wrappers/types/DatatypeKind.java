package mana.wrappers.types;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.SavedInput;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.wrappers.base.Lower;
import mpi.Datatype;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * The datatype kind: a datatype is its constructor, arguments and bases; a rebuild calls the
 * constructor again on the rebuilt bases (a freed parent is rebuilt first: its sequence number
 * is lower) and commits it if the application had committed it.
 */
@Component(service = DescriptorKind.class)
public final class DatatypeKind implements DescriptorKind {
    static final int FORMAT = 1;

    @Override
    public int kind() {
        return Kind.DATATYPE;
    }

    @Override
    public String name() {
        return "datatype";
    }

    @Override
    public int restoreOrder() {
        return ORDER_DATATYPE;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        return DatatypeDescriptor.live(); // live ones and freed ones still needed, in creation order
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        DatatypeDescriptor d = (DatatypeDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeInt(d.references());
        out.writeBoolean(d.isCommitted());
        String name = d.name();
        out.writeBoolean(name != null);
        if (name != null) {
            out.writeUTF(name);
        }
        out.writeUTF(d.constructor().name());
        int[] ints = d.ints();
        out.writeInt(ints.length);
        for (int v : ints) {
            out.writeInt(v);
        }
        long[] addrs = d.addresses();
        out.writeInt(addrs.length);
        for (long v : addrs) {
            out.writeLong(v);
        }
        int[] baseHandles = d.baseHandles();
        List<DatatypeDescriptor> bases = d.bases();
        out.writeInt(baseHandles.length);
        for (int i = 0; i < baseHandles.length; i++) {
            out.writeInt(baseHandles[i]);
            out.writeLong(bases.get(i) == null ? 0 : bases.get(i).sequence());
        }
    }

    /**
     * Reads one descriptor back. Derived bases are found by their sequence numbers among the
     * descriptors known now, so bases must be loaded before their children (creation order, as
     * {@link #descriptors()} gives them).
     */
    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("datatype descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        int refs = in.readInt();
        boolean committed = in.readBoolean();
        String name = in.readBoolean() ? in.readUTF() : null;
        DatatypeDescriptor.Constructor c;
        try {
            c = DatatypeDescriptor.Constructor.valueOf(in.readUTF());
        } catch (IllegalArgumentException e) {
            throw new IOException("unknown datatype constructor", e);
        }
        int[] ints = new int[SavedInput.count(in, 4, "datatype integer")];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = in.readInt();
        }
        long[] addrs = new long[SavedInput.count(in, 8, "datatype address")];
        for (int i = 0; i < addrs.length; i++) {
            addrs[i] = in.readLong();
        }
        int n = SavedInput.count(in, 12, "datatype base");
        int[] baseHandles = new int[n];
        DatatypeDescriptor[] bases = new DatatypeDescriptor[n];
        for (int i = 0; i < n; i++) {
            baseHandles[i] = in.readInt();
            long baseSeq = in.readLong();
            if (baseSeq != 0) {
                bases[i] = find(baseSeq);
                if (bases[i] == null) {
                    throw new IOException("datatype #" + sequence + ": its base #" + baseSeq + " was not loaded before it");
                }
            }
        }
        return DatatypeDescriptor.restored(sequence, refs, committed, name, c, ints, addrs, baseHandles, bases);
    }

    private static DatatypeDescriptor find(long sequence) {
        return DatatypeDescriptor.live(sequence); // O(1): a restart loads thousands of them
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        DatatypeDescriptor d = (DatatypeDescriptor) descriptor;
        try {
            return rebuild(d);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    private static Datatype rebuild(DatatypeDescriptor d) throws ManaException, MPIException {
        int[] baseHandles = d.baseHandles();
        List<DatatypeDescriptor> baseDescs = d.bases();
        Datatype[] bases = new Datatype[baseHandles.length];
        for (int i = 0; i < bases.length; i++) {
            DatatypeDescriptor b = baseDescs.get(i);
            if (b == null) {
                bases[i] = (Datatype) Handles.lower(baseHandles[i], Kind.DATATYPE); // predefined
            } else {
                Object lower = b.lower();
                bases[i] = lower instanceof Datatype bt && !bt.isNull() ? bt : rebuild(b);
            }
        }
        Datatype t = TypeWrappers.construct(d.constructor(), d.ints(), d.addresses(), bases);
        if (d.isCommitted()) {
            t.commit();
        }
        if (d.name() != null) {
            t.setName(d.name());
        }
        d.setLower(t);
        return t;
    }
}
