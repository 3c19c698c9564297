package mpi;

/** FFM natives of mpi.Message (matched probe/receive: not yet, except the class set-up). */
final class FfmMessage {

    private FfmMessage() {
    }

    static void init() {
    }
}
