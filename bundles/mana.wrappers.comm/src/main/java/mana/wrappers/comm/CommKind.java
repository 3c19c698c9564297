package mana.wrappers.comm;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.CartTopology;
import mana.core.desc.DistGraphTopology;
import mana.core.desc.GraphTopology;
import mana.core.desc.Topology;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.SavedInput;
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
 * Topology communicators get their Cartesian, graph or distributed graph topology back on top
 * (same members, same rank order). An intercommunicator is rebuilt from its two groups: each
 * side makes its local group over MPI_COMM_WORLD as above, and the two join with
 * MPI_Intercomm_create (leaders: rank 0 of each group, peer: MPI_COMM_WORLD), whatever made
 * it first (createIntercomm, accept/connect): the same groups in the same rank order.
 */
@Component(service = DescriptorKind.class)
public final class CommKind implements DescriptorKind {
    static final int FORMAT = 1;
    /** Tag of the MPI_Comm_create_group calls of a rebuild. */
    static final int REBUILD_TAG = 0x4D41;
    /** Tag of the leaders' MPI_Intercomm_create of an intercommunicator's rebuild (over MPI_COMM_WORLD). */
    static final int INTER_REBUILD_TAG = 0x4D42;

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

    /** A communicator with processes outside this job cannot be rebuilt: a restart starts this job's ranks only. */
    @Override
    public String unsupportedReason(Descriptor descriptor) {
        CommDescriptor d = (CommDescriptor) descriptor;
        int[] remote = d.remoteWorldRanks();
        if (Comms.outsideJob(d.worldRanks()) || (remote != null && Comms.outsideJob(remote))) {
            return "communicator (" + d.summary() // the summary names it when the application did
                    + ") is live and holds processes outside this job (started by MPI_Comm_spawn, the spawning"
                    + " parents, or another job's); a restart cannot start those again, so MANA does not checkpoint"
                    + " while it lives (free or disconnect it first)";
        }
        return null;
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
        writeTopology(out, d.topology());
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
        Topology topology = readTopology(in);
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
    public Object rebuild(Descriptor descriptor) throws ManaException {
        CommDescriptor d = (CommDescriptor) descriptor;
        try {
            Comm c = fromWorld(d.worldRanks());
            if (d.isInter()) {
                Intracomm local = (Intracomm) c;
                try {
                    c = MPI.COMM_WORLD.createIntercomm(local, 0, d.remoteWorldRanks()[0], INTER_REBUILD_TAG);
                } finally {
                    local.free();
                }
            } else if (d.topology() != null) {
                c = withTopology((Intracomm) c, d.topology());
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
            return c;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /** The intracommunicator of these world ranks, in this order (collective over them only). */
    private static Comm fromWorld(int[] worldRanks) throws MPIException, ManaException {
        Group members = Comms.worldGroup().incl(worldRanks);
        try {
            return MPI.COMM_WORLD.createGroup(members, REBUILD_TAG);
        } finally {
            members.free();
        }
    }

    // ---- topologies (issue 6): a tag byte, then the topology's arrays ----------------------
    // Tag 0 = none, 1 = Cartesian (the layout of format 1's "has a Cartesian topology" boolean),
    // 2 = graph, 3 = distributed graph.

    static void writeTopology(DataOutput out, Topology t) throws IOException {
        if (t == null) {
            out.writeByte(0);
        } else if (t instanceof CartTopology c) {
            out.writeByte(1);
            writeInts(out, c.dims());
            boolean[] p = c.periods();
            out.writeInt(p.length);
            for (boolean b : p) {
                out.writeBoolean(b);
            }
            out.writeBoolean(c.reorder());
        } else if (t instanceof GraphTopology g) {
            out.writeByte(2);
            writeInts(out, g.index());
            writeInts(out, g.edges());
            out.writeBoolean(g.reorder());
        } else if (t instanceof DistGraphTopology g) {
            out.writeByte(3);
            writeInts(out, g.sources());
            writeInts(out, g.destinations());
            out.writeBoolean(g.weighted());
            if (g.weighted()) {
                writeInts(out, g.sourceWeights());
                writeInts(out, g.destWeights());
            }
            out.writeBoolean(g.reorder());
        }
    }

    static Topology readTopology(DataInput in) throws IOException {
        int tag = in.readByte();
        switch (tag) {
            case 0:
                return null;
            case 1: {
                int[] dims = readInts(in);
                boolean[] periods = new boolean[SavedInput.count(in, 1, "Cartesian period")];
                for (int i = 0; i < periods.length; i++) {
                    periods[i] = in.readBoolean();
                }
                if (periods.length != dims.length) {
                    throw new IOException("Cartesian topology with " + dims.length + " dims and "
                            + periods.length + " periods");
                }
                return new CartTopology(dims, periods, in.readBoolean());
            }
            case 2:
                return new GraphTopology(readInts(in), readInts(in), in.readBoolean());
            case 3: {
                int[] sources = readInts(in);
                int[] destinations = readInts(in);
                boolean weighted = in.readBoolean();
                int[] sw = weighted ? readInts(in) : null;
                int[] dw = weighted ? readInts(in) : null;
                return new DistGraphTopology(sources, sw, destinations, dw, in.readBoolean());
            }
            default:
                throw new IOException("unknown topology tag " + tag);
        }
    }

    /**
     * Puts the saved topology on a communicator rebuilt with the same members in the same rank
     * order: reorder=false keeps that order, which is the one the lower half chose originally.
     */
    static Comm withTopology(Intracomm base, Topology t) throws MPIException {
        try {
            if (t instanceof CartTopology c) {
                return base.createCart(c.dims(), c.periods(), false);
            }
            if (t instanceof GraphTopology g) {
                return base.createGraph(g.index(), g.edges(), false);
            }
            DistGraphTopology g = (DistGraphTopology) t;
            return g.weighted()
                    ? base.createDistGraphAdjacent(g.sources(), g.sourceWeights(), g.destinations(), g.destWeights(),
                            MPI.INFO_NULL, false)
                    : base.createDistGraphAdjacent(g.sources(), g.destinations(), MPI.INFO_NULL, false);
        } finally {
            base.free();
        }
    }

    static void writeInts(DataOutput out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) {
            out.writeInt(v);
        }
    }

    static int[] readInts(DataInput in) throws IOException {
        int[] a = new int[SavedInput.count(in, 4, "integer array")];
        int n = a.length;
        for (int i = 0; i < n; i++) {
            a[i] = in.readInt();
        }
        return a;
    }
}
