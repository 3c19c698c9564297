package mpi;

/** The neighbours of this rank in a distributed graph (plain data, as in the raw binding). */
public final class DistGraphNeighbors {
    private final int[] sources;
    private final int[] sourceWeights;
    private final int[] destinations;
    private final int[] destWeights;
    private final boolean weighted;

    protected DistGraphNeighbors(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
                                 boolean weighted) {
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    public int getInDegree() {
        return sources.length;
    }

    public int getOutDegree() {
        return destinations.length;
    }

    public boolean isWeighted() {
        return weighted;
    }

    public int getSource(int i) {
        return sources[i];
    }

    public int getSourceWeight(int i) {
        return sourceWeights[i];
    }

    public int getDestination(int i) {
        return destinations[i];
    }

    public int getDestinationWeight(int i) {
        return destWeights[i];
    }
}
