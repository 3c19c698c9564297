package mpi;

/** FFM natives of mpi.Message (matched probe/receive: not yet, except the class set-up). */
final class FfmMessage {

    private FfmMessage() {
    }

    /** As the C init: the class's null handle(s). */
    static void init() {
        FfmSupport.setStatic(Message.class, "NULL", FfmLib.c("MPI_MESSAGE_NULL"));
        FfmSupport.setStatic(Message.class, "NO_PROC", FfmLib.c("MPI_MESSAGE_NO_PROC"));
    }
}
