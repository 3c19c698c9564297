package mpi;

import static mpi.FfmSupport.allocHandle;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.getHandle;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Prequest (ompi/mpi/java/c/mpi_Prequest.c). */
final class FfmPrequest {

    private static final class START { static final MethodHandle H = FfmLib.fn("MPI_Start", "int ptr"); }
    private static final class STARTALL { static final MethodHandle H = FfmLib.fn("MPI_Startall", "int int ptr"); }

    private FfmPrequest() {
    }

    static long start(Prequest self, long request) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment r = allocHandle(a, "req", request);
            check((int) START.H.invokeExact(r));
            return getHandle(r, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void startAll(long[] requests) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment reqs = FfmSupport.handles(a, "req", requests);
            int rc = (int) STARTALL.H.invokeExact(requests.length, reqs);
            for (int i = 0; i < requests.length; i++) {
                requests[i] = getHandle(reqs, "req", i);
            }
            check(rc);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
