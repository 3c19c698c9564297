package mana.core.desc;

import java.util.Arrays;

/** A graph topology (MPI_Graph_create): the index and edges arrays, and the reorder flag asked for. */
public record GraphTopology(int[] index, int[] edges, boolean reorder) implements Topology {
    public GraphTopology {
        index = index.clone();
        edges = edges.clone();
    }

    /** The rank's neighbors in the graph (they are its sources and its destinations alike). */
    @Override
    public int inDegree(int rank) {
        if (rank < 0 || rank >= index.length) {
            return 0;
        }
        return rank == 0 ? index[0] : index[rank] - index[rank - 1];
    }

    @Override
    public int outDegree(int rank) {
        return inDegree(rank);
    }

    @Override
    public int[] index() {
        return index.clone();
    }

    @Override
    public int[] edges() {
        return edges.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphTopology t && reorder == t.reorder && Arrays.equals(index, t.index)
                && Arrays.equals(edges, t.edges);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(index) * 31 + Arrays.hashCode(edges) + (reorder ? 1 : 0);
    }

    @Override
    public String toString() {
        return "graph nodes=" + index.length + " edges=" + edges.length + " reorder=" + reorder;
    }
}
