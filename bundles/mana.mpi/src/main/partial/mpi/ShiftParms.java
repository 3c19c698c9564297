package mpi;

/** Source and destination ranks of a Cartesian shift (plain data, as in the raw binding). */
public final class ShiftParms {
    private final int rankSource;
    private final int rankDest;

    protected ShiftParms(int rankSource, int rankDest) {
        this.rankSource = rankSource;
        this.rankDest = rankDest;
    }

    public int getRankSource() {
        return rankSource;
    }

    public int getRankDest() {
        return rankDest;
    }
}
