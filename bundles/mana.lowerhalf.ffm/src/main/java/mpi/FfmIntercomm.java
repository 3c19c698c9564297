package mpi;

import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;

import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Intercomm (ompi/mpi/java/c/mpi_Intercomm.c). */
final class FfmIntercomm {

    private static final class REMOTE_SIZE { static final MethodHandle H = FfmLib.fn("MPI_Comm_remote_size", "int comm ptr"); }
    private static final class REMOTE_GROUP { static final MethodHandle H = FfmLib.fn("MPI_Comm_remote_group", "int comm ptr"); }
    private static final class MERGE { static final MethodHandle H = FfmLib.fn("MPI_Intercomm_merge", "int comm int ptr"); }
    private static final class GET_PARENT { static final MethodHandle H = FfmLib.fn("MPI_Comm_get_parent", "int ptr"); }

    private FfmIntercomm() {
    }

    static int getRemoteSize_jni(Intercomm self) throws MPIException {
        long comm = self.handle;
        return intOut((a, out) -> (int) REMOTE_SIZE.H.invokeExact(comm, out));
    }

    static long getRemoteGroup_jni(Intercomm self) throws MPIException {
        long comm = self.handle;
        return handleOut("group", (a, out) -> (int) REMOTE_GROUP.H.invokeExact(comm, out));
    }

    static long merge_jni(Intercomm self, boolean high) throws MPIException {
        long comm = self.handle;
        return handleOut("comm", (a, out) -> (int) MERGE.H.invokeExact(comm, high ? 1 : 0, out));
    }

    static long getParent_jni() throws MPIException {
        return handleOut("comm", (a, out) -> (int) GET_PARENT.H.invokeExact(out));
    }
}
