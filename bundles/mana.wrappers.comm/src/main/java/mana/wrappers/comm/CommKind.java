package mana.wrappers.comm;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.CartTopology;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Lower;
import mpi.Comm;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * The communicator kind: saves and loads {@link CommDescriptor}s (members, gid, errhandler, name,
 * clocks and counters) and rebuilds intracommunicators in a fresh lower half from their world
 * ranks (MPI_Comm_create_group over MPI_COMM_WORLD, in creation order on every rank).
 * Intercommunicators and Cartesian topologies are not rebuilt yet (a clear error says so).
 */
@Component(service = DescriptorKind.class)
public final class CommKind implements DescriptorKind {
    static final int FORMAT = 1;
    /** Tag of the MPI_Comm_create_group calls of a rebuild. */
    static final int REBUILD_TAG = 0x4D41;

    @Override
    public int kind() {
        return Kind.COMM;
    }

    @Override
    public String name() {
        return "communicator";
    }

    @Override
    public int restoreOrder() {
        return ORDER_COMM;
    }

    /** The live virtual communicators (MPI_COMM_WORLD and MPI_COMM_SELF are predefined: not listed). */
    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.COMM && e.descriptor() instanceof CommDescriptor d) {
                out.add(d);
            }
        }
        return out;
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        CommDescriptor d = (CommDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeLong(d.gid());
        out.writeInt(d.rank());
        writeInts(out, d.worldRanks());
        int[] remote = d.remoteWorldRanks();
        out.writeBoolean(remote != null);
        if (remote != null) {
            writeInts(out, remote);
        }
        CartTopology t = d.topology();
        out.writeBoolean(t != null);
        if (t != null) {
            writeInts(out, t.dims());
            boolean[] p = t.periods();
            out.writeInt(p.length);
            for (boolean b : p) {
                out.writeBoolean(b);
            }
            out.writeBoolean(t.reorder());
        }
        out.writeInt(d.errhandler());
        String name = d.name();
        out.writeBoolean(name != null);
        if (name != null) {
            out.writeUTF(name);
        }
        out.writeLong(d.collectiveSeq());
        out.writeInt(d.peers());
        for (int p = 0; p < d.peers(); p++) {
            out.writeLong(d.sentTo(p));
            out.writeLong(d.receivedFrom(p));
        }
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("communicator descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        long gid = in.readLong();
        int rank = in.readInt();
        int[] world = readInts(in);
        int[] remote = in.readBoolean() ? readInts(in) : null;
        CartTopology topology = null;
        if (in.readBoolean()) {
            int[] dims = readInts(in);
            boolean[] periods = new boolean[in.readInt()];
            for (int i = 0; i < periods.length; i++) {
                periods[i] = in.readBoolean();
            }
            topology = new CartTopology(dims, periods, in.readBoolean());
        }
        CommDescriptor d = new CommDescriptor(sequence, gid, rank, world, topology, remote);
        d.setErrhandler(in.readInt());
        if (in.readBoolean()) {
            d.setName(in.readUTF());
        }
        d.restoreCollectiveSeq(in.readLong());
        int peers = in.readInt();
        if (peers != d.peers()) {
            throw new IOException("communicator descriptor has " + peers + " peer counters, expected " + d.peers());
        }
        for (int p = 0; p < peers; p++) {
            d.restoreCounts(p, in.readLong(), in.readLong());
        }
        return d;
    }

    @Override
    public String unsupportedReason(Descriptor descriptor) {
        CommDescriptor d = (CommDescriptor) descriptor;
        if (d.isInter()) {
            return "intercommunicator " + describe(d) + " cannot be rebuilt at a restart yet (free it before the checkpoint)";
        }
        if (d.topology() != null) {
            return "communicator " + describe(d) + " has a Cartesian topology, which cannot be rebuilt at a restart yet";
        }
        return null;
    }

    private static String describe(CommDescriptor d) {
        return "gid " + Long.toHexString(d.gid()) + (d.name() != null ? " (" + d.name() + ")" : "");
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        CommDescriptor d = (CommDescriptor) descriptor;
        if (d.isInter()) {
            throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION,
                    "MANA: restart of intercommunicators is not implemented yet (" + d.summary() + ")");
        }
        if (d.topology() != null) {
            throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION,
                    "MANA: restart of communicators with a Cartesian topology is not implemented yet ("
                            + d.summary() + ")");
        }
        try {
            Group world = Comms.worldGroup();
            Group members = world.incl(d.worldRanks());
            Comm c;
            try {
                c = MPI.COMM_WORLD.createGroup(members, REBUILD_TAG);
            } finally {
                members.free();
            }
            if (d.errhandler() != 0) {
                c.setErrhandler(Comms.errhandler(d.errhandler()));
            }
            if (d.name() != null) {
                c.setName(d.name());
            }
            if (c.getRank() != d.rank()) {
                throw ManaException.of(ErrorClass.INTERN, "MANA: rebuilt communicator has rank " + c.getRank()
                        + ", expected " + d.rank() + " (" + d.summary() + ")");
            }
            return (Intracomm) c;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    static void writeInts(DataOutput out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) {
            out.writeInt(v);
        }
    }

    static int[] readInts(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 24)) {
            throw new IOException("bad array length " + n);
        }
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }
}
