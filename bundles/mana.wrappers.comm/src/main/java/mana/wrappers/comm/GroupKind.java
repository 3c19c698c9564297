package mana.wrappers.comm;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.GroupDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/** The group kind: a group is its members' world ranks; a rebuild includes them from the world group (local, no communication). */
@Component(service = DescriptorKind.class)
public final class GroupKind implements DescriptorKind {
    static final int FORMAT = 1;

    @Override
    public int kind() {
        return Kind.GROUP;
    }

    @Override
    public String name() {
        return "group";
    }

    @Override
    public int restoreOrder() {
        return ORDER_GROUP;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.GROUP && e.descriptor() instanceof GroupDescriptor d) {
                out.add(d);
            }
        }
        return out;
    }

    /** A group with processes outside this job cannot be rebuilt (see {@link CommKind#unsupportedReason}). */
    @Override
    public String unsupportedReason(Descriptor descriptor) {
        GroupDescriptor d = (GroupDescriptor) descriptor;
        if (Comms.outsideJob(d.worldRanks())) {
            return "group (" + d.summary() + ") is live and holds processes outside this job (from MPI_Comm_spawn or"
                    + " another job); MANA does not checkpoint while it lives (free it first)";
        }
        return null;
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        GroupDescriptor d = (GroupDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        CommKind.writeInts(out, d.worldRanks());
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("group descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        return new GroupDescriptor(sequence, CommKind.readInts(in));
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        try {
            return Comms.worldGroup().incl(((GroupDescriptor) descriptor).worldRanks());
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }
}
