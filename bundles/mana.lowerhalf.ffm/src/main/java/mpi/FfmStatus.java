package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.statusFromJava;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Status (ompi/mpi/java/c/mpi_Status.c): the Java fields back to an MPI_Status, then the call. */
final class FfmStatus {

    private static final class GET_COUNT { static final MethodHandle H = FfmLib.fn("MPI_Get_count", "int ptr type ptr"); }
    private static final class TEST_CANCELLED { static final MethodHandle H = FfmLib.fn("MPI_Test_cancelled", "int ptr ptr"); }
    private static final class GET_ELEMENTS { static final MethodHandle H = FfmLib.fn("MPI_Get_elements", "int ptr type ptr"); }
    private static final class GET_ELEMENTS_X {
        static final MethodHandle H = FfmLib.fn("MPI_Get_elements_x", "int ptr type ptr");
    }
    private static final class SET_ELEMENTS {
        static final MethodHandle H = FfmLib.fn("MPI_Status_set_elements", "int ptr type int");
    }
    private static final class SET_ELEMENTS_X {
        static final MethodHandle H = FfmLib.fn("MPI_Status_set_elements_x", "int ptr type long");
    }
    private static final class SET_CANCELLED {
        static final MethodHandle H = FfmLib.fn("MPI_Status_set_cancelled", "int ptr int");
    }

    private FfmStatus() {
    }

    static void init() {
    }

    static int getCount(Status self, int source, int tag, int error, int cancelled, long ucount, long datatype)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) GET_COUNT.H.invokeExact(st, datatype, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static boolean isCancelled(Status self, int source, int tag, int error, int cancelled, long ucount)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) TEST_CANCELLED.H.invokeExact(st, out));
            return out.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int getElements(Status self, int source, int tag, int error, int cancelled, long ucount, long datatype)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) GET_ELEMENTS.H.invokeExact(st, datatype, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Count getElementsX(Status self, int source, int tag, int error, int cancelled, long ucount, long datatype)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            MemorySegment out = a.allocate(JAVA_LONG);
            check((int) GET_ELEMENTS_X.H.invokeExact(st, datatype, out));
            return new Count(out.get(JAVA_LONG, 0));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /** The new byte count (the binding keeps it at data[4]). */
    static int setElements(Status self, int source, int tag, int error, int cancelled, long ucount, long datatype,
            int count) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            check((int) SET_ELEMENTS.H.invokeExact(st, datatype, count));
            long[] d = new long[5];
            FfmSupport.statusToJava(st, d, -1);
            return (int) d[4];
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long setElementsX(Status self, int source, int tag, int error, int cancelled, long ucount, long datatype,
            long count) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            check((int) SET_ELEMENTS_X.H.invokeExact(st, datatype, count));
            long[] d = new long[5];
            FfmSupport.statusToJava(st, d, -1);
            return d[4];
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void setCancelled(Status self, int source, int tag, int error, int cancelled, long ucount, int flag)
            throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = statusFromJava(a, source, tag, error, cancelled, ucount);
            check((int) SET_CANCELLED.H.invokeExact(st, flag));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
