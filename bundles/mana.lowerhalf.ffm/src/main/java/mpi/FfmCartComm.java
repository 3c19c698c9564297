package mpi;

/** FFM natives of mpi.CartComm (topology queries: not yet, except the class set-up). */
final class FfmCartComm {

    private FfmCartComm() {
    }

    static void init() {
    }
}
