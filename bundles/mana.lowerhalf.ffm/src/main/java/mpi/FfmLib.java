package mpi;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The C MPI library, reached through java.lang.foreign. Loads the ABI shim that
 * {@code ./mana setup} compiled against the chosen implementation's mpi.h (it links that
 * libmpi), makes libmpi's symbols global (Open MPI's plugins need them), reads every
 * constant and handle the binding needs, and builds downcall handles whose handle
 * arguments are Java longs whatever the implementation's handle width (Open MPI: pointers,
 * MPICH: ints).
 */
final class FfmLib {

    static final Linker LINKER = Linker.nativeLinker();
    static final String IMPL;
    static final Path SHIM;
    static final String LIBMPI;
    private static final SymbolLookup LOOKUP;
    private static final Map<String, Long> ABI = new HashMap<>();
    /** The API's constants (Open MPI's) to and from this library's. */
    static final FfmValues VALUES;
    private static final FunctionDescriptor INT_PTR_INT = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT);

    static {
        keepJvmSignals();
        SHIM = chooseShim();
        IMPL = SHIM.getFileName().toString().replace("libmana_abi_", "").replace(".so", "");
        LOOKUP = SymbolLookup.libraryLookup(SHIM, Arena.global());
        try {
            // One shape (int ptr int) for both calls: each new shape costs milliseconds to link.
            MethodHandle table = raw("mana_abi_table", INT_PTR_INT);
            MethodHandle promote = raw("mana_abi_promote_global", INT_PTR_INT);
            try (Arena a = Arena.ofConfined()) {
                int room = 16 * 1024;
                MemorySegment text = a.allocate(room);
                int n = (int) table.invokeExact(text, room);
                if (n >= room) {
                    room = n + 1;
                    text = a.allocate(room);
                    n = (int) table.invokeExact(text, room);
                }
                if (n < 0 || n >= room) {
                    throw new IllegalStateException("mana_abi_table gave " + n);
                }
                readTable(text.getString(0));
                MemorySegment path = a.allocate(4096);
                int rc = (int) promote.invokeExact(path, 4096);
                if (rc != 0) {
                    throw new IllegalStateException("cannot make the MPI library's symbols global (dlopen RTLD_GLOBAL failed, " + rc + ")");
                }
                LIBMPI = path.getString(0);
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cannot read the ABI shim " + SHIM + ": " + t, t);
        }
        VALUES = new FfmValues(ABI::get);
        // Point-to-point receives into Java arrays here write only what the message holds (in place,
        // or the status' count copied back; derived types pre-filled): MANA's wrappers then hand
        // arrays down as they are (mana.wrappers.base.RecvArrays), keeping the in-place receive.
        System.setProperty("mana.lowerhalf.exactArrayRecv", "true");
        // The signature language's "long" is 64-bit, and so are these on both supported MPIs: checked, not assumed.
        for (String t : new String[] {"MPI_Aint", "MPI_Offset", "MPI_Count"}) {
            if (size(t) != 8) {
                throw new IllegalStateException(t + " is " + size(t) + " bytes in " + SHIM + "; the FFM lower half needs 8");
            }
        }
    }

    private FfmLib() {
    }

    /** mana_abi_table's text: "NAME VALUE" lines. */
    private static void readTable(String text) {
        int at = 0;
        while (at < text.length()) {
            int nl = text.indexOf('\n', at);
            int end = nl < 0 ? text.length() : nl;
            int sp = text.lastIndexOf(' ', end - 1);
            if (sp <= at) {
                throw new IllegalStateException("the ABI shim " + SHIM + " gave a malformed entry: " + text.substring(at, end));
            }
            ABI.put(text.substring(at, sp), Long.parseLong(text, sp + 1, end, 10));
            at = end + 1;
        }
    }

    /**
     * UCX (under MPICH's ch4 and Open MPI's UCX components) installs handlers for SIGSEGV and
     * friends that turn the JVM's own implicit null checks and safepoint polls into a crash
     * report. UCX_ERROR_SIGNALS="" keeps them off (unless the user set it); it is read at MPI_Init.
     */
    private static void keepJvmSignals() {
        if (System.getenv("UCX_ERROR_SIGNALS") != null) {
            return;
        }
        try {
            // putenv ("int ptr", a shape many MPI functions share) keeps the string: global memory
            MethodHandle putenv = LINKER.downcallHandle(LINKER.defaultLookup().find("putenv").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            int rc = (int) putenv.invokeExact(Arena.global().allocateFrom("UCX_ERROR_SIGNALS="));
        } catch (Throwable t) {
            throw new IllegalStateException("cannot set UCX_ERROR_SIGNALS: " + t, t);
        }
    }

    /**
     * The shim: {@code -Dmana.ffm.abi=/path/libmana_abi_X.so}, else MANA_FFM_ABI, else the one
     * next to this jar for the MPI that started this process (Open MPI's and MPICH's
     * launchers set different environment variables), else {@code -Dmana.ffm.mpi=NAME},
     * else the jar's default.
     */
    private static Path chooseShim() {
        String explicit = System.getProperty("mana.ffm.abi", System.getenv("MANA_FFM_ABI"));
        if (explicit != null && !explicit.isBlank()) {
            return requireFile(Path.of(explicit));
        }
        Properties p = new Properties();
        try (InputStream in = FfmLib.class.getResourceAsStream("/META-INF/mana-ffm.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read META-INF/mana-ffm.properties: " + e, e);
        }
        String dir = System.getProperty("mana.ffm.dir", p.getProperty("shim.dir", ""));
        String mpi = System.getProperty("mana.ffm.mpi", System.getenv("MANA_FFM_MPI"));
        if (mpi == null) {
            mpi = launchedBy().orElse(p.getProperty("default.mpi", "openmpi"));
        }
        if (dir.isEmpty()) {
            throw new IllegalStateException("no ABI shim configured: set -Dmana.ffm.abi=/path/libmana_abi_<mpi>.so");
        }
        return requireFile(Path.of(dir, "libmana_abi_" + mpi + ".so"));
    }

    /** Which implementation's launcher started this process, from its environment. */
    static Optional<String> launchedBy() {
        Map<String, String> env = System.getenv();
        if (env.containsKey("OMPI_COMM_WORLD_SIZE")) {
            return Optional.of("openmpi");
        }
        if (env.containsKey("PMI_RANK") || env.containsKey("PMI_SIZE") || env.containsKey("HYDI_CONTROL_FD")
                || env.containsKey("PMI_FD")) {
            return Optional.of("mpich");
        }
        return Optional.empty();
    }

    private static Path requireFile(Path p) {
        if (!Files.isRegularFile(p)) {
            throw new IllegalStateException("the FFM lower half's ABI shim " + p
                    + " does not exist; run ./mana setup (with --mpi for that MPI)");
        }
        return p;
    }

    // ----- constants -----

    /** A constant or handle of mpi.h, by its C name (e.g. MPI_COMM_WORLD). */
    static long c(String name) {
        Long v = ABI.get(name);
        if (v == null) {
            throw new IllegalStateException("the ABI shim " + SHIM + " has no value for " + name);
        }
        return v;
    }

    static Long cOrNull(String name) {
        return ABI.get(name);
    }

    static int size(String cType) {
        return (int) c("sizeof(" + cType + ")");
    }

    // ----- downcalls -----

    private static MethodHandle raw(String name, FunctionDescriptor fd) {
        MemorySegment addr = LOOKUP.find(name)
                .orElseThrow(() -> new IllegalStateException(name + " not found in " + SHIM));
        return LINKER.downcallHandle(addr, fd);
    }

    /** The address of a function of the shim or the MPI library (for callbacks MPI calls). */
    static MemorySegment symbol(String name) {
        return LOOKUP.find(name).orElseThrow(() -> new IllegalStateException(name + " not found in " + SHIM));
    }

    /** True when the MPI library (or the shim) has this function. */
    static boolean has(String name) {
        return LOOKUP.find(name).isPresent();
    }

    /**
     * A downcall. {@code sig} is "RET ARG ARG ...", each one of: void, int, long (MPI_Aint,
     * MPI_Count, MPI_Offset: 64-bit on both), double, ptr, or a handle kind (comm, type, op,
     * req, group, info, errh, msg, win, file) whose C width comes from the shim; handles are
     * long on the Java side. A function the library lacks gives a handle that throws
     * MPIException naming it.
     *
     * <p>Linking costs 1–7 ms of CPU for each new shape (the JDK spins the downcall stub's
     * classes; functions of one shape share them), so every caller keeps its handle in a holder
     * class of its own, {@code private static final class SEND { static final MethodHandle H =
     * FfmLib.fn(...); }}, used as {@code SEND.H.invokeExact(...)}: the handle is linked on the
     * function's first call, not when its Ffm class is initialised (that linked some 150 handles
     * in a rank's start, about 0.2 s), and is a static final constant the JIT folds afterwards.
     */
    static MethodHandle fn(String name, String sig) {
        return fn(name, sig, new Linker.Option[0]);
    }

    /**
     * A downcall that may take heap segments (Java arrays without a copy), for short local
     * calls that never block (MPI_Pack, MPI_Unpack): the GC waits while it runs.
     */
    static MethodHandle fnCritical(String name, String sig) {
        return fn(name, sig, Linker.Option.critical(true));
    }

    private static MethodHandle fn(String name, String sig, Linker.Option... options) {
        String[] t = sig.trim().split("\\s+");
        MemoryLayout ret = t[0].equals("void") ? null : layout(t[0]);
        List<MemoryLayout> args = new ArrayList<>();
        List<Class<?>> javaArgs = new ArrayList<>();
        for (int i = 1; i < t.length; i++) {
            args.add(layout(t[i]));
            javaArgs.add(javaType(t[i]));
        }
        MethodType javaType = MethodType.methodType(ret == null ? void.class : javaType(t[0]), javaArgs);
        Optional<MemorySegment> addr = LOOKUP.find(name);
        if (addr.isEmpty()) {
            MethodHandle thrower = MethodHandles.throwException(javaType.returnType(), MPIException.class)
                    .bindTo(new MPIException(name + " is not in the MPI library " + LIBMPI));
            return MethodHandles.dropArguments(thrower, 0, javaArgs);
        }
        FunctionDescriptor fd = ret == null
                ? FunctionDescriptor.ofVoid(args.toArray(MemoryLayout[]::new))
                : FunctionDescriptor.of(ret, args.toArray(MemoryLayout[]::new));
        MethodHandle h = MethodHandles.explicitCastArguments(LINKER.downcallHandle(addr.get(), fd, options), javaType);
        for (int i = 1; i < t.length; i++) {
            if (t[i].equals("comm")) {
                h = MethodHandles.filterArguments(h, i - 1, FfmHandles.CHECK_COMM);
            }
            MethodHandle in = VALUES.identity ? null : ValueFilters.BY_TOKEN.get(t[i]);
            if (in != null) {
                h = MethodHandles.filterArguments(h, i - 1, in);
            }
        }
        return h;
    }

    /**
     * Int arguments that carry one of the API's constants, translated to the library's on the way
     * down (FfmValues): rank (source, dest, root, target; ANY_SOURCE, PROC_NULL, ROOT), tag
     * (ANY_TAG), keyval, errcode (an error class or code), lock (lock type), assert (RMA assert
     * bits), order (ORDER_C/FORTRAN), thread (thread level).
     */
    private static final class ValueFilters {
        /** Made only where the library's numbers differ from the API's (not on Open MPI). */
        static final Map<String, MethodHandle> BY_TOKEN = valueFilters();
    }

    private static Map<String, MethodHandle> valueFilters() {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MethodType ii = MethodType.methodType(int.class, int.class);
            Map<String, MethodHandle> m = new HashMap<>();
            m.put("rank", l.findVirtual(FfmValues.class, "rankIn", ii).bindTo(VALUES));
            m.put("tag", l.findVirtual(FfmValues.class, "tagIn", ii).bindTo(VALUES));
            m.put("errcode", l.findVirtual(FfmValues.class, "errorIn", ii).bindTo(VALUES));
            m.put("keyval", l.findVirtual(FfmValues.Kind.class, "in", ii).bindTo(VALUES.keyvals));
            m.put("lock", l.findVirtual(FfmValues.Kind.class, "in", ii).bindTo(VALUES.locks));
            m.put("order", l.findVirtual(FfmValues.Kind.class, "in", ii).bindTo(VALUES.orders));
            m.put("thread", l.findVirtual(FfmValues.Kind.class, "in", ii).bindTo(VALUES.threadLevels));
            m.put("assert", l.findVirtual(FfmValues.Bits.class, "in", ii).bindTo(VALUES.asserts));
            return Map.copyOf(m);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MemoryLayout layout(String token) {
        return switch (token) {
            case "int", "rank", "tag", "errcode", "keyval", "lock", "order", "thread", "assert" -> ValueLayout.JAVA_INT;
            case "long" -> ValueLayout.JAVA_LONG;
            case "double" -> ValueLayout.JAVA_DOUBLE;
            case "ptr" -> ValueLayout.ADDRESS;
            default -> handleLayout(token);
        };
    }

    private static Class<?> javaType(String token) {
        return switch (token) {
            case "int", "rank", "tag", "errcode", "keyval", "lock", "order", "thread", "assert" -> int.class;
            case "double" -> double.class;
            case "ptr" -> MemorySegment.class;
            default -> long.class;
        };
    }

    static final Map<String, String> HANDLE_TYPES = Map.of("comm", "MPI_Comm", "type", "MPI_Datatype",
            "op", "MPI_Op", "req", "MPI_Request", "group", "MPI_Group", "info", "MPI_Info",
            "errh", "MPI_Errhandler", "msg", "MPI_Message", "win", "MPI_Win", "file", "MPI_File");

    /**
     * The C width of a handle kind. Looked up on every handle a call reads or writes: a map of
     * ready layouts (building "sizeof(MPI_Request)" and looking it up cost a string per call).
     */
    static ValueLayout handleLayout(String kind) {
        ValueLayout l = HANDLE_LAYOUTS.get(kind);
        if (l == null) {
            throw new IllegalArgumentException("unknown type in a downcall signature: " + kind);
        }
        return l;
    }

    private static final Map<String, ValueLayout> HANDLE_LAYOUTS = handleLayouts();

    private static Map<String, ValueLayout> handleLayouts() {
        Map<String, ValueLayout> m = new HashMap<>();
        HANDLE_TYPES.forEach((kind, cType) -> m.put(kind, switch (size(cType)) {
            case 4 -> ValueLayout.JAVA_INT;
            case 8 -> ValueLayout.JAVA_LONG;
            default -> throw new IllegalStateException(cType + " has an unsupported size " + size(cType));
        }));
        return Map.copyOf(m);
    }
}
