package mana.core.desc;

/**
 * The virtual topology of a communicator, as the lower half reports it after creation: enough
 * for a restart to make the same topology again over the same members in the same rank order
 * (the rank order is the descriptor's world ranks; the rebuild passes reorder=false).
 */
public sealed interface Topology permits CartTopology, GraphTopology, DistGraphTopology {
    /** The neighbors {@code rank} receives from in a neighborhood collective (MPI's indegree). */
    int inDegree(int rank);

    /** The neighbors {@code rank} sends to in a neighborhood collective (MPI's outdegree). */
    int outDegree(int rank);
}
