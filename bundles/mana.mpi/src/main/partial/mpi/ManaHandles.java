package mpi;

/** Handle arrays for calls that take several objects. */
final class ManaHandles {

    /** The handles of an array of datatypes; null stays null, a null element gives an NPE like the raw binding. */
    static int[] vids(Datatype[] types) {
        if (types == null) {
            return null;
        }
        int[] v = new int[types.length];
        for (int i = 0; i < types.length; i++) {
            // a missing entry is MPI_DATATYPE_NULL: an ERR_TYPE error, as in the raw binding
            v[i] = types[i] == null ? MPI.DATATYPE_NULL.vid : types[i].vid;
        }
        return v;
    }

    private ManaHandles() {
    }
}
