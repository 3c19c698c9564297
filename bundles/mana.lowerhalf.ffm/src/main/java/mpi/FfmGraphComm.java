package mpi;

/** FFM natives of mpi.GraphComm (topology queries: not yet, except the class set-up). */
final class FfmGraphComm {

    private FfmGraphComm() {
    }

    static void init() {
    }
}
