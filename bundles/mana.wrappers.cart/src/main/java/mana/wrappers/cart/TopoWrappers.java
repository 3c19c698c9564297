package mana.wrappers.cart;

import mana.core.desc.CartTopology;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DistGraphTopology;
import mana.core.desc.GraphTopology;
import mana.core.desc.Topology;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.TopoProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Intracomm;
import mpi.MPIException;
import mpi.ShiftParms;
import org.osgi.service.component.annotations.Component;

/**
 * Virtual topologies. Every new topology communicator gets a virtual handle and a
 * {@link CommDescriptor} whose world ranks are the rank order the lower half chose and whose
 * {@link Topology} is what the lower half reports after creation, so a restart can make the
 * same topology with the same ranks. Array arguments are checked here (null, lengths) because
 * the raw binding hands them to JNI unchecked.
 */
@Component(service = TopoProvider.class)
public final class TopoWrappers implements TopoProvider {
    private static final int CART_CREATE = FunctionStats.id("MPI_Cart_create");
    private static final int GRAPH_CREATE = FunctionStats.id("MPI_Graph_create");
    private static final int DIST_GRAPH_CREATE = FunctionStats.id("MPI_Dist_graph_create");
    private static final int DIST_GRAPH_CREATE_ADJACENT = FunctionStats.id("MPI_Dist_graph_create_adjacent");
    private static final int DUP = FunctionStats.id("MPI_Comm_dup");
    private static final int IDUP = FunctionStats.id("MPI_Comm_idup");
    private static final int DUP_WITH_INFO = FunctionStats.id("MPI_Comm_dup_with_info");
    private static final int CART_GET = FunctionStats.id("MPI_Cart_get");
    private static final int CART_RANK = FunctionStats.id("MPI_Cart_rank");
    private static final int CART_COORDS = FunctionStats.id("MPI_Cart_coords");
    private static final int CART_SHIFT = FunctionStats.id("MPI_Cart_shift");
    private static final int CART_SUB = FunctionStats.id("MPI_Cart_sub");
    private static final int CART_MAP = FunctionStats.id("MPI_Cart_map");
    private static final int DIMS_CREATE = FunctionStats.id("MPI_Dims_create");
    private static final int GRAPH_GET = FunctionStats.id("MPI_Graph_get");
    private static final int GRAPH_NEIGHBORS = FunctionStats.id("MPI_Graph_neighbors");
    private static final int DIST_GRAPH_NEIGHBORS = FunctionStats.id("MPI_Dist_graph_neighbors");
    private static final int GRAPH_MAP = FunctionStats.id("MPI_Graph_map");

    @FunctionalInterface
    interface Body<T> {
        T run() throws MPIException, ManaException;
    }

    private static <T> T call(int id, Body<T> body) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.enter();
        try {
            return body.run();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    // ---- argument checks ---------------------------------------------------------------------

    static ManaException badArg(String message) {
        return ManaException.of(ErrorClass.ARG, "invalid argument: " + message);
    }

    static void notNull(String name, Object array) throws ManaException {
        if (array == null) {
            throw badArg(name + " is null");
        }
    }

    static void sameLength(String a, int la, String b, int lb) throws ManaException {
        if (la != lb) {
            throw badArg(a + " has " + la + " entries but " + b + " has " + lb);
        }
    }

    static void atLeast(String name, int length, int needed, String why) throws ManaException {
        if (length < needed) {
            throw badArg(name + " has " + length + " entries, " + why + " needs " + needed);
        }
    }

    static int sum(String name, int[] counts) throws ManaException {
        return sum(name, counts, counts.length);
    }

    /** The sum of the first n counts (Open MPI reads no more of a longer array). */
    static int sum(String name, int[] counts, int n) throws ManaException {
        long s = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < 0) {
                throw badArg(name + "[" + i + "] is " + counts[i] + " (negative)");
            }
            s += counts[i];
        }
        if (s > Integer.MAX_VALUE) {
            throw badArg(name + " adds up to more than " + Integer.MAX_VALUE);
        }
        return (int) s;
    }

    // ---- lower-half objects --------------------------------------------------------------------

    static Intracomm intra(int vid) throws ManaException {
        return Lower.intracomm(vid, "; topologies need an intracommunicator");
    }

    static CartComm cart(int vid) throws ManaException {
        Comm c = Lower.comm(vid);
        if (c instanceof CartComm cc) {
            return cc;
        }
        throw ManaException.of(ErrorClass.TOPOLOGY, "invalid topology: " + Vid.toString(vid)
                + " has no Cartesian topology");
    }

    static GraphComm graph(int vid) throws ManaException {
        Comm c = Lower.comm(vid);
        if (c instanceof GraphComm gc) {
            return gc;
        }
        throw ManaException.of(ErrorClass.TOPOLOGY, "invalid topology: " + Vid.toString(vid)
                + " has no graph topology");
    }

    /** The number of dimensions of a Cartesian communicator (from its descriptor; the lower half if it has none). */
    static int ndims(int vid, CartComm c) throws MPIException, ManaException {
        CommDescriptor d = Lower.commDescriptor(vid);
        if (d != null && d.topology() instanceof CartTopology t) {
            return t.dims().length;
        }
        return c.getTopo().getDimCount();
    }

    // ---- registration of new communicators -------------------------------------------------

    /** Virtual handle and descriptor of a new topology communicator (collective: the gid broadcast). */
    static int register(Comm lowerNew, Topology topology) throws MPIException, ManaException {
        if (Comms.isNull(lowerNew)) {
            return Vid.NULL;
        }
        int[] members = Comms.worldRanks(lowerNew);
        long gid = Comms.agreeGid(lowerNew);
        CommDescriptor d = new CommDescriptor(gid, lowerNew.getRank(), members, topology, false);
        d.setErrhandler(Comms.errhandlerVid(lowerNew));
        return Handles.TABLE.create(Kind.COMM, lowerNew, d);
    }

    static CartTopology cartTopology(CartComm c, boolean reorder) throws MPIException {
        if (Comms.isNull(c)) {
            return null;
        }
        CartParms p = c.getTopo();
        int n = p.getDimCount();
        int[] dims = new int[n];
        boolean[] periods = new boolean[n];
        for (int i = 0; i < n; i++) {
            dims[i] = p.getDim(i);
            periods[i] = p.getPeriod(i);
        }
        return new CartTopology(dims, periods, reorder);
    }

    static Topology graphTopology(GraphComm c, boolean reorder, boolean distributed) throws MPIException {
        if (Comms.isNull(c)) {
            return null;
        }
        if (!distributed) {
            GraphParms p = c.getDims();
            int[] index = new int[p.getIndexCount()];
            int[] edges = new int[p.getEdgeCount()];
            for (int i = 0; i < index.length; i++) {
                index[i] = p.getIndex(i);
            }
            for (int i = 0; i < edges.length; i++) {
                edges[i] = p.getEdge(i);
            }
            return new GraphTopology(index, edges, reorder);
        }
        Neighbors n = neighbors(c);
        return new DistGraphTopology(n.sources(), n.sourceWeights(), n.destinations(), n.destWeights(), reorder);
    }

    static Neighbors neighbors(GraphComm c) throws MPIException {
        DistGraphNeighbors n = c.getDistGraphNeighbors();
        boolean weighted = n.isWeighted();
        int[] src = new int[n.getInDegree()];
        int[] dst = new int[n.getOutDegree()];
        int[] sw = weighted ? new int[src.length] : null;
        int[] dw = weighted ? new int[dst.length] : null;
        for (int i = 0; i < src.length; i++) {
            src[i] = n.getSource(i);
            if (weighted) {
                sw[i] = n.getSourceWeight(i);
            }
        }
        for (int i = 0; i < dst.length; i++) {
            dst[i] = n.getDestination(i);
            if (weighted) {
                dw[i] = n.getDestinationWeight(i);
            }
        }
        return new Neighbors(src, sw, dst, dw, weighted);
    }

    // ---- constructors -----------------------------------------------------------------------

    @Override
    public int createCart(int comm, int[] dims, boolean[] periods, boolean reorder) throws ManaException {
        return call(CART_CREATE, () -> {
            notNull("dims", dims);
            notNull("periods", periods);
            sameLength("dims", dims.length, "periods", periods.length);
            CartComm c = intra(comm).createCart(dims, periods, reorder);
            return register(c, cartTopology(c, reorder));
        });
    }

    @Override
    public int createGraph(int comm, int[] index, int[] edges, boolean reorder) throws ManaException {
        return call(GRAPH_CREATE, () -> {
            notNull("index", index);
            notNull("edges", edges);
            for (int i = 0; i < index.length; i++) {
                if (index[i] < 0 || (i > 0 && index[i] < index[i - 1])) {
                    throw badArg("index[" + i + "] is " + index[i] + " (index must be non-negative and non-decreasing)");
                }
            }
            if (index.length > 0) {
                atLeast("edges", edges.length, index[index.length - 1], "index[" + (index.length - 1) + "]");
            }
            GraphComm c = intra(comm).createGraph(index, edges, reorder);
            return register(c, graphTopology(c, reorder, false));
        });
    }

    @Override
    public int createDistGraph(int comm, int[] sources, int[] degrees, int[] destinations, int[] weights, int info,
                               boolean reorder) throws ManaException {
        return call(DIST_GRAPH_CREATE, () -> {
            notNull("sources", sources);
            notNull("degrees", degrees);
            notNull("destinations", destinations);
            // Open MPI's binding takes the number of sources from sources.length and reads only
            // that many degrees: a longer array is accepted (ompi-java-test topology/Distgraph1)
            atLeast("degrees", degrees.length, sources.length, "one per source");
            int edges = sum("degrees", degrees, sources.length);
            atLeast("destinations", destinations.length, edges, "the sum of degrees");
            if (weights != null) {
                atLeast("weights", weights.length, edges, "the sum of degrees");
            }
            Intracomm base = intra(comm);
            GraphComm c = weights == null
                    ? base.createDistGraph(sources, degrees, destinations, Infos.lower(info), reorder)
                    : base.createDistGraph(sources, degrees, destinations, weights, Infos.lower(info), reorder);
            return register(c, graphTopology(c, reorder, true));
        });
    }

    @Override
    public int createDistGraphAdjacent(int comm, int[] sources, int[] sourceWeights, int[] destinations,
                                      int[] destWeights, int info, boolean reorder) throws ManaException {
        return call(DIST_GRAPH_CREATE_ADJACENT, () -> {
            notNull("sources", sources);
            notNull("destinations", destinations);
            boolean weighted = sourceWeights != null || destWeights != null;
            if (weighted) {
                notNull("sourceWeights", sourceWeights);
                notNull("destWeights", destWeights);
                // the degrees are sources.length and destinations.length; longer weight arrays
                // are accepted as by Open MPI's binding (ompi-java-test topology/Distgraph1)
                atLeast("sourceWeights", sourceWeights.length, sources.length, "one per source");
                atLeast("destWeights", destWeights.length, destinations.length, "one per destination");
            }
            Intracomm base = intra(comm);
            GraphComm c = weighted
                    ? base.createDistGraphAdjacent(sources, sourceWeights, destinations, destWeights,
                            Infos.lower(info), reorder)
                    : base.createDistGraphAdjacent(sources, destinations, Infos.lower(info), reorder);
            return register(c, graphTopology(c, reorder, true));
        });
    }

    /** The topology of an existing topology communicator, for its duplicates. */
    static Topology topologyOf(int comm) throws ManaException {
        CommDescriptor d = Lower.commDescriptor(comm);
        return d == null ? null : d.topology();
    }

    @Override
    public int dup(int comm) throws ManaException {
        return call(DUP, () -> register(Lower.comm(comm).dup(), topologyOf(comm)));
    }

    @Override
    public int iDup(int comm) throws ManaException {
        return call(IDUP, () -> {
            Comm c = Lower.comm(comm).iDup();
            // the gid is agreed on the new communicator, usable once the duplication completed
            c.getRequest().waitFor();
            return register(c, topologyOf(comm));
        });
    }

    @Override
    public int dupWithInfo(int comm, int info) throws ManaException {
        return call(DUP_WITH_INFO, () -> register(Lower.comm(comm).dupWithInfo(Infos.lower(info)), topologyOf(comm)));
    }

    // ---- Cartesian queries --------------------------------------------------------------------

    @Override
    public CartState cartGet(int comm) throws ManaException {
        return call(CART_GET, () -> {
            CartParms p = cart(comm).getTopo();
            int n = p.getDimCount();
            int[] dims = new int[n];
            int[] coords = new int[n];
            boolean[] periods = new boolean[n];
            for (int i = 0; i < n; i++) {
                dims[i] = p.getDim(i);
                periods[i] = p.getPeriod(i);
                coords[i] = p.getCoord(i);
            }
            return new CartState(dims, periods, coords);
        });
    }

    @Override
    public int cartRank(int comm, int[] coords) throws ManaException {
        return call(CART_RANK, () -> {
            notNull("coords", coords);
            CartComm c = cart(comm);
            sameLength("coords", coords.length, "the topology's dimensions", ndims(comm, c));
            return c.getRank(coords);
        });
    }

    @Override
    public int[] cartCoords(int comm, int rank) throws ManaException {
        return call(CART_COORDS, () -> cart(comm).getCoords(rank));
    }

    @Override
    public int[] cartShift(int comm, int direction, int disp) throws ManaException {
        return call(CART_SHIFT, () -> {
            CartComm c = cart(comm);
            int n = ndims(comm, c);
            if (direction < 0 || direction >= n) {
                // Open MPI 4.1.4 does not check it and reads past its dims array
                throw badArg("direction " + direction + " is not a dimension of this " + n + "-dimensional grid");
            }
            ShiftParms s = c.shift(direction, disp);
            return new int[] {s.getRankSource(), s.getRankDest()};
        });
    }

    @Override
    public int cartSub(int comm, boolean[] remainDims) throws ManaException {
        return call(CART_SUB, () -> {
            notNull("remainDims", remainDims);
            CartComm c = cart(comm);
            sameLength("remainDims", remainDims.length, "the topology's dimensions", ndims(comm, c));
            CartComm sub = c.sub(remainDims);
            return register(sub, cartTopology(sub, false));
        });
    }

    @Override
    public int cartMap(int comm, int[] dims, boolean[] periods) throws ManaException {
        return call(CART_MAP, () -> {
            notNull("dims", dims);
            notNull("periods", periods);
            sameLength("dims", dims.length, "periods", periods.length);
            return cart(comm).map(dims, periods);
        });
    }

    @Override
    public void dimsCreate(int nnodes, int[] dims) throws ManaException {
        call(DIMS_CREATE, () -> {
            notNull("dims", dims);
            CartComm.createDims(nnodes, dims);
            return null;
        });
    }

    // ---- graph queries ------------------------------------------------------------------------

    @Override
    public GraphState graphGet(int comm) throws ManaException {
        return call(GRAPH_GET, () -> {
            GraphParms p = graph(comm).getDims();
            int[] index = new int[p.getIndexCount()];
            int[] edges = new int[p.getEdgeCount()];
            for (int i = 0; i < index.length; i++) {
                index[i] = p.getIndex(i);
            }
            for (int i = 0; i < edges.length; i++) {
                edges[i] = p.getEdge(i);
            }
            return new GraphState(index, edges);
        });
    }

    @Override
    public int[] graphNeighbors(int comm, int rank) throws ManaException {
        return call(GRAPH_NEIGHBORS, () -> graph(comm).getNeighbors(rank));
    }

    @Override
    public Neighbors distGraphNeighbors(int comm) throws ManaException {
        return call(DIST_GRAPH_NEIGHBORS, () -> neighbors(graph(comm)));
    }

    @Override
    public int graphMap(int comm, int[] index, int[] edges) throws ManaException {
        return call(GRAPH_MAP, () -> {
            notNull("index", index);
            notNull("edges", edges);
            if (index.length > 0) {
                atLeast("edges", edges.length, index[index.length - 1], "index[" + (index.length - 1) + "]");
            }
            return graph(comm).map(index, edges);
        });
    }
}
