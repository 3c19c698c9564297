package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.MPI (ompi/mpi/java/c/mpi_MPI.c). */
final class FfmMPI {

    private static final class INIT { static final MethodHandle H = FfmLib.fn("MPI_Init", "int ptr ptr"); }
    private static final class INIT_THREAD {
        static final MethodHandle H = FfmLib.fn("MPI_Init_thread", "int ptr ptr thread ptr");
    }
    private static final class QUERY_THREAD { static final MethodHandle H = FfmLib.fn("MPI_Query_thread", "int ptr"); }
    private static final class IS_THREAD_MAIN { static final MethodHandle H = FfmLib.fn("MPI_Is_thread_main", "int ptr"); }
    private static final class FINALIZE { static final MethodHandle H = FfmLib.fn("MPI_Finalize", "int"); }
    private static final class WTIME { static final MethodHandle H = FfmLib.fn("MPI_Wtime", "double"); }
    private static final class WTICK { static final MethodHandle H = FfmLib.fn("MPI_Wtick", "double"); }
    private static final class GET_VERSION { static final MethodHandle H = FfmLib.fn("MPI_Get_version", "int ptr ptr"); }
    private static final class GET_LIB_VERSION {
        static final MethodHandle H = FfmLib.fn("MPI_Get_library_version", "int ptr ptr");
    }
    private static final class PROCESSOR_NAME {
        static final MethodHandle H = FfmLib.fn("MPI_Get_processor_name", "int ptr ptr");
    }
    private static final class BUFFER_ATTACH { static final MethodHandle H = FfmLib.fn("MPI_Buffer_attach", "int ptr int"); }
    private static final class BUFFER_DETACH { static final MethodHandle H = FfmLib.fn("MPI_Buffer_detach", "int ptr ptr"); }
    /** The attached buffer's C memory (MPI keeps it until detach; the JNI code pins the array instead). */
    private static Arena attachedArena;
    private static MemorySegment attached;
    private static final class INITIALIZED { static final MethodHandle H = FfmLib.fn("MPI_Initialized", "int ptr"); }
    private static final class FINALIZED { static final MethodHandle H = FfmLib.fn("MPI_Finalized", "int ptr"); }

    private FfmMPI() {
    }

    // Offsets as the C compiler lays these structs out (measured by the shim, as the C code does).
    static Int2 newInt2() {
        return new Int2(off("int2"), FfmLib.size("int"));
    }

    static ShortInt newShortInt() {
        return new ShortInt(FfmLib.size("short"), off("short_int"), FfmLib.size("int"));
    }

    static LongInt newLongInt() {
        return new LongInt(FfmLib.size("long"), off("long_int"), FfmLib.size("int"));
    }

    static FloatInt newFloatInt() {
        return new FloatInt(off("float_int"), FfmLib.size("int"));
    }

    static DoubleInt newDoubleInt() {
        return new DoubleInt(off("double_int"), FfmLib.size("int"));
    }

    private static int off(String struct) {
        return (int) FfmLib.c("offsetof(" + struct + ",b)");
    }

    static void initVersion() {
    }

    /** argc/argv for MPI_Init from the Java arguments; the arguments MPI leaves, back. */
    static String[] Init_jni(String[] args) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment argc = a.allocateFrom(JAVA_INT, args.length);
            MemorySegment argv = a.allocate(ADDRESS, args.length + 1L);
            for (int i = 0; i < args.length; i++) {
                argv.setAtIndex(ADDRESS, i, a.allocateFrom(args[i]));
            }
            argv.setAtIndex(ADDRESS, args.length, MemorySegment.NULL);
            MemorySegment argvp = a.allocateFrom(ADDRESS, argv);
            check((int) INIT.H.invokeExact(argc, argvp));
            FfmInfoEnv.fill((int) FfmLib.c("MPI_THREAD_SINGLE"));
            return args(argc, argvp);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    private static String[] args(MemorySegment argc, MemorySegment argvp) {
        int n = argc.get(JAVA_INT, 0);
        MemorySegment argv = argvp.get(ADDRESS, 0).reinterpret(ADDRESS.byteSize() * n);
        String[] out = new String[n];
        for (int i = 0; i < n; i++) {
            out[i] = argv.getAtIndex(ADDRESS, i).reinterpret(Integer.MAX_VALUE).getString(0);
        }
        return out;
    }

    static int InitThread_jni(String[] args, int required) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment argc = a.allocateFrom(JAVA_INT, args.length);
            MemorySegment argv = a.allocate(ADDRESS, args.length + 1L);
            for (int i = 0; i < args.length; i++) {
                argv.setAtIndex(ADDRESS, i, a.allocateFrom(args[i]));
            }
            argv.setAtIndex(ADDRESS, args.length, MemorySegment.NULL);
            MemorySegment argvp = a.allocateFrom(ADDRESS, argv);
            MemorySegment provided = a.allocate(JAVA_INT);
            check((int) INIT_THREAD.H.invokeExact(argc, argvp, required, provided));
            FfmInfoEnv.fill(required);
            return FfmLib.VALUES.threadLevels.out(provided.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int queryThread_jni() throws MPIException {
        return FfmLib.VALUES.threadLevels.out(intOut(QUERY_THREAD.H));
    }

    static boolean isThreadMain_jni() throws MPIException {
        return intOut(IS_THREAD_MAIN.H) != 0;
    }

    static void Finalize_jni() throws MPIException {
        try {
            check((int) FINALIZE.H.invokeExact());
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static double wtime_jni() {
        try {
            return (double) WTIME.H.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static double wtick_jni() {
        try {
            return (double) WTICK.H.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    static Version getVersionJNI() throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment v = a.allocate(JAVA_INT);
            MemorySegment s = a.allocate(JAVA_INT);
            check((int) GET_VERSION.H.invokeExact(v, s));
            return new Version(v.get(JAVA_INT, 0), s.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static String getLibVersionJNI() throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment buf = a.allocate(FfmLib.c("MPI_MAX_LIBRARY_VERSION_STRING") + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            check((int) GET_LIB_VERSION.H.invokeExact(buf, len));
            return buf.getString(0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static int getProcessorName(byte[] buf) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment name = a.allocate(Math.max(buf.length, FfmLib.c("MPI_MAX_PROCESSOR_NAME")) + 1);
            MemorySegment len = a.allocate(JAVA_INT);
            check((int) PROCESSOR_NAME.H.invokeExact(name, len));
            int n = Math.min(len.get(JAVA_INT, 0), buf.length);
            MemorySegment.copy(name, 0, MemorySegment.ofArray(buf), 0, n);
            return len.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static synchronized void attachBuffer_jni(byte[] buffer) throws MPIException {
        Arena arena = Arena.ofShared();
        MemorySegment mem = arena.allocate(Math.max(buffer.length, 1));
        MemorySegment.copy(MemorySegment.ofArray(buffer), 0, mem, 0, buffer.length);
        try {
            check((int) BUFFER_ATTACH.H.invokeExact(mem, buffer.length));
        } catch (Throwable t) {
            arena.close();
            throw wrap(t);
        }
        if (attachedArena != null) {
            attachedArena.close(); // a second attach failed above; cannot get here with one attached
        }
        attachedArena = arena;
        attached = mem;
    }

    /** Detaches; the buffer's bytes go back into the Java array, as JNI's ReleaseByteArrayElements does. */
    static synchronized void detachBuffer_jni(byte[] buffer) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment ptr = a.allocate(ADDRESS);
            MemorySegment size = a.allocate(JAVA_INT);
            check((int) BUFFER_DETACH.H.invokeExact(ptr, size));
            if (buffer != null && attached != null) {
                MemorySegment.copy(attached, 0, MemorySegment.ofArray(buffer), 0,
                        Math.min(buffer.length, attached.byteSize()));
            }
        } catch (Throwable t) {
            throw wrap(t);
        } finally {
            if (attachedArena != null) {
                attachedArena.close();
                attachedArena = null;
                attached = null;
            }
        }
    }

    static boolean isInitialized() throws MPIException {
        return intOut(INITIALIZED.H) != 0;
    }

    static boolean isFinalized() throws MPIException {
        return intOut(FINALIZED.H) != 0;
    }

    private static int intOut(MethodHandle h) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check((int) h.invokeExact(out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
