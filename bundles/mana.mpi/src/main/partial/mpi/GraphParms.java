package mpi;

/** The index and edges of a graph communicator (plain data, as in the raw binding). */
public final class GraphParms {
    private final int[] index;
    private final int[] edges;

    protected GraphParms(int[] index, int[] edges) {
        this.index = index;
        this.edges = edges;
    }

    public int getIndexCount() {
        return index.length;
    }

    public int getIndex(int i) {
        return index[i];
    }

    public int getEdgeCount() {
        return edges.length;
    }

    public int getEdge(int i) {
        return edges[i];
    }
}
