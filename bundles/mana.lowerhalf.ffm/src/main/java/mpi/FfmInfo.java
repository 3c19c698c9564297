package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.handleOut;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Info (ompi/mpi/java/c/mpi_Info.c). */
final class FfmInfo {

    private static final class CREATE { static final MethodHandle H = FfmLib.fn("MPI_Info_create", "int ptr"); }
    private static final class SET { static final MethodHandle H = FfmLib.fn("MPI_Info_set", "int info ptr ptr"); }
    private static final class GET { static final MethodHandle H = FfmLib.fn("MPI_Info_get", "int info ptr int ptr ptr"); }
    private static final class DELETE { static final MethodHandle H = FfmLib.fn("MPI_Info_delete", "int info ptr"); }
    private static final class NKEYS { static final MethodHandle H = FfmLib.fn("MPI_Info_get_nkeys", "int info ptr"); }
    private static final class NTHKEY { static final MethodHandle H = FfmLib.fn("MPI_Info_get_nthkey", "int info int ptr"); }
    private static final class DUP { static final MethodHandle H = FfmLib.fn("MPI_Info_dup", "int info ptr"); }
    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Info_free", "int ptr"); }

    private FfmInfo() {
    }

    static long create(Info self) throws MPIException {
        return handleOut("info", (a, out) -> (int) CREATE.H.invokeExact(out));
    }

    static long getEnv() {
        return FfmLib.c("MPI_INFO_ENV");
    }

    static long getNull() {
        return FfmLib.c("MPI_INFO_NULL");
    }

    static void set(Info self, long handle, String key, String value) throws MPIException {
        FfmSupport.call((a, out) -> (int) SET.H.invokeExact(handle, a.allocateFrom(key), a.allocateFrom(value)));
    }

    static String get(Info self, long handle, String key) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            int max = (int) FfmLib.c("MPI_MAX_INFO_VAL");
            MemorySegment value = a.allocate(max + 1L);
            MemorySegment flag = a.allocate(JAVA_INT);
            FfmSupport.check((int) GET.H.invokeExact(handle, a.allocateFrom(key), max, value, flag));
            return flag.get(JAVA_INT, 0) != 0 ? value.getString(0) : null;
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static void delete(Info self, long handle, String key) throws MPIException {
        FfmSupport.call((a, out) -> (int) DELETE.H.invokeExact(handle, a.allocateFrom(key)));
    }

    static int size(Info self, long handle) throws MPIException {
        return FfmSupport.intOut((a, out) -> (int) NKEYS.H.invokeExact(handle, out));
    }

    static String getKey(Info self, long handle, int i) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment key = a.allocate(FfmLib.c("MPI_MAX_INFO_KEY") + 1);
            FfmSupport.check((int) NTHKEY.H.invokeExact(handle, i, key));
            return key.getString(0);
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static long dup(Info self, long handle) throws MPIException {
        return handleOut("info", (a, out) -> (int) DUP.H.invokeExact(handle, out));
    }

    static long free(Info self, long handle) throws MPIException {
        return handleOut("info", handle, (a, out) -> (int) FREE.H.invokeExact(out));
    }

    static boolean isNull(Info self, long handle) {
        return handle == FfmLib.c("MPI_INFO_NULL");
    }
}
