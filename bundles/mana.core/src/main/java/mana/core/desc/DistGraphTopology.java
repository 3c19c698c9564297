package mana.core.desc;

import java.util.Arrays;

/**
 * A distributed graph topology, in the adjacent form this rank's lower half reports
 * (MPI_Dist_graph_neighbors): whichever constructor made it, a restart makes it again with
 * MPI_Dist_graph_create_adjacent. Weight arrays are null for an unweighted graph.
 */
public record DistGraphTopology(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
                                boolean reorder) implements Topology {
    public DistGraphTopology {
        sources = sources.clone();
        destinations = destinations.clone();
        sourceWeights = sourceWeights == null ? null : sourceWeights.clone();
        destWeights = destWeights == null ? null : destWeights.clone();
    }

    /** This rank's sources (the descriptor holds this rank's adjacency only). */
    @Override
    public int inDegree(int rank) {
        return sources.length;
    }

    @Override
    public int outDegree(int rank) {
        return destinations.length;
    }

    public boolean weighted() {
        return sourceWeights != null;
    }

    @Override
    public int[] sources() {
        return sources.clone();
    }

    @Override
    public int[] destinations() {
        return destinations.clone();
    }

    @Override
    public int[] sourceWeights() {
        return sourceWeights == null ? null : sourceWeights.clone();
    }

    @Override
    public int[] destWeights() {
        return destWeights == null ? null : destWeights.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DistGraphTopology t && reorder == t.reorder && Arrays.equals(sources, t.sources)
                && Arrays.equals(destinations, t.destinations) && Arrays.equals(sourceWeights, t.sourceWeights)
                && Arrays.equals(destWeights, t.destWeights);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sources) * 31 + Arrays.hashCode(destinations);
    }

    @Override
    public String toString() {
        return "distgraph in=" + Arrays.toString(sources) + " out=" + Arrays.toString(destinations)
                + (weighted() ? " weighted" : "") + " reorder=" + reorder;
    }
}
