package mpi;

/** FFM natives of mpi.Count. */
final class FfmCount {

    private FfmCount() {
    }

    static void initCount() {
    }
}
