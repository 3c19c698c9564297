package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Virtual topologies (area {@link Area#CART}): Cartesian, graph and distributed graph
 * communicators and their queries. New communicators are virtual handles whose
 * {@link mana.core.desc.CommDescriptor} holds the topology ({@link mana.core.desc.Topology}); a
 * result of {@link mana.core.vid.Vid#NULL} means MPI_COMM_NULL (a rank outside the grid).
 * Weight arrays are null for unweighted graphs; info arguments are info handles.
 */
public interface TopoProvider {
    /** MPI_Cart_get: dimensions, periods and this rank's coordinates. */
    record CartState(int[] dims, boolean[] periods, int[] coords) {
    }

    /** MPI_Graph_get: the index and edges arrays. */
    record GraphState(int[] index, int[] edges) {
    }

    /** MPI_Dist_graph_neighbors (and _count); weight arrays are null when the graph is unweighted. */
    record Neighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, boolean weighted) {
    }

    @MpiName("MPI_Cart_create")
    int createCart(int comm, int[] dims, boolean[] periods, boolean reorder) throws ManaException;

    @MpiName("MPI_Graph_create")
    int createGraph(int comm, int[] index, int[] edges, boolean reorder) throws ManaException;

    @MpiName("MPI_Dist_graph_create")
    int createDistGraph(int comm, int[] sources, int[] degrees, int[] destinations, int[] weights, int info,
                        boolean reorder) throws ManaException;

    @MpiName("MPI_Dist_graph_create_adjacent")
    int createDistGraphAdjacent(int comm, int[] sources, int[] sourceWeights, int[] destinations,
                                int[] destWeights, int info, boolean reorder) throws ManaException;

    /** MPI_Comm_dup of a topology communicator: the copy keeps the topology (and its descriptor says so). */
    @MpiName("MPI_Comm_dup")
    int dup(int comm) throws ManaException;

    /** MPI_Comm_idup, completed before returning (as for plain communicators). */
    @MpiName("MPI_Comm_idup")
    int iDup(int comm) throws ManaException;

    @MpiName("MPI_Comm_dup_with_info")
    int dupWithInfo(int comm, int info) throws ManaException;

    @MpiName("MPI_Cart_get")
    CartState cartGet(int comm) throws ManaException;

    @MpiName("MPI_Cart_rank")
    int cartRank(int comm, int[] coords) throws ManaException;

    @MpiName("MPI_Cart_coords")
    int[] cartCoords(int comm, int rank) throws ManaException;

    /** {source, destination}. */
    @MpiName("MPI_Cart_shift")
    int[] cartShift(int comm, int direction, int disp) throws ManaException;

    @MpiName("MPI_Cart_sub")
    int cartSub(int comm, boolean[] remainDims) throws ManaException;

    @MpiName("MPI_Cart_map")
    int cartMap(int comm, int[] dims, boolean[] periods) throws ManaException;

    /** Fills the zero entries of {@code dims}. */
    @MpiName("MPI_Dims_create")
    void dimsCreate(int nnodes, int[] dims) throws ManaException;

    @MpiName("MPI_Graph_get")
    GraphState graphGet(int comm) throws ManaException;

    @MpiName("MPI_Graph_neighbors")
    int[] graphNeighbors(int comm, int rank) throws ManaException;

    @MpiName("MPI_Dist_graph_neighbors")
    Neighbors distGraphNeighbors(int comm) throws ManaException;

    @MpiName("MPI_Graph_map")
    int graphMap(int comm, int[] index, int[] edges) throws ManaException;
}
