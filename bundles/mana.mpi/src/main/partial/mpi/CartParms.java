package mpi;

/** Dimensions, periods and coordinates of a Cartesian communicator (plain data, as in the raw binding). */
public final class CartParms {
    private final int[] dims;
    private final boolean[] periods;
    private final int[] coords;

    protected CartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }

    public int getDimCount() {
        return dims.length;
    }

    public int getDim(int i) {
        return dims[i];
    }

    public boolean getPeriod(int i) {
        return periods[i];
    }

    public int getCoord(int i) {
        return coords[i];
    }
}
