package mana.lowerhalf.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The FFM lower half runs programs written against Open MPI's Java API with the same output
 * as Open MPI's own JNI binding: real mpirun, real ranks, on Open MPI (libmpi.so.40) and on
 * MPICH. Output lines are compared sorted, since ranks print concurrently.
 */
class FfmLowerHalfTest {

    private static final Path HOME = Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));
    private static Path ffmJar;
    private static Path jniJar;
    private static Path modernJava;
    private static Path programs;

    @BeforeAll
    static void setUp() throws IOException {
        ffmJar = find(HOME.resolve(".mana/lowerhalf-ffm"), "mpi-ffm.jar").orElse(null);
        assumeTrue(ffmJar != null, "no FFM lower half: ./mana setup builds it when a JDK 22+ is installed");
        modernJava = modernJava().orElse(null);
        assumeTrue(modernJava != null, "no JDK 22+ to run the FFM lower half");
        String v = System.getProperty("openmpi.version", "4.1.4");
        jniJar = Path.of(System.getProperty("user.home"), ".m2/repository/org/open-mpi/mpi", v, "mpi-" + v + ".jar");
        assumeTrue(Files.isRegularFile(jniJar), "no JNI lower half " + jniJar + ": run ./mana setup");
        programs = Path.of("target/ffm-programs").toAbsolutePath();
        Files.createDirectories(programs);
        List<String> args = new ArrayList<>(List.of("-d", programs.toString(), "-cp", jniJar.toString(), "-nowarn"));
        try (Stream<Path> s = Files.list(Path.of("src/test/programs"))) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        for (String example : List.of("Hello.java", "Ring.java")) {
            Path p = HOME.resolve("examples/openmpi").resolve(example);
            if (Files.isRegularFile(p)) {
                args.add(p.toString());
            }
        }
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new));
        assertEquals(0, rc, "compiling the test programs");
    }

    @ParameterizedTest(name = "{0} on {1} ranks: JNI = FFM on Open MPI = FFM on MPICH")
    @CsvSource({"Hello, 2", "Ring, 3", "All, 4", "Constants, 4"})
    void sameOutputAsTheJniBinding(String program, int ranks) throws Exception {
        assumeTrue(Files.isRegularFile(programs.resolve(program + ".class")), program + " not compiled (examples/openmpi missing?)");
        Run jni = jni(program, ranks);
        assertEquals(0, jni.exit(), "JNI run failed:\n" + jni.output());
        Run ffm = ffmOpenMpi(program, ranks);
        assertEquals(0, ffm.exit(), "FFM on Open MPI failed:\n" + ffm.output());
        assertEquals(jni.sorted(), ffm.sorted(), "FFM on Open MPI differs from JNI");
        Optional<Run> mpich = ffmMpich(program, ranks);
        if (mpich.isEmpty()) {
            System.out.println("[lowerhalf.ffm] MPICH not installed (or no shim): " + program + " not run on MPICH");
            return;
        }
        assertEquals(0, mpich.get().exit(), "FFM on MPICH failed:\n" + mpich.get().output());
        assertEquals(jni.sorted(), mpich.get().sorted(), "FFM on MPICH differs from JNI");
    }

    /**
     * FfmInPlace's opt-in (MANA_FFM_INPLACE_SEND=true): standard and synchronous sends of large
     * arrays from the array itself too, on Open MPI FFM; the InPlace program's output as under JNI.
     * (The default, receives and bSend in place, runs in All.)
     */
    @Test
    void largeSendsInPlaceWhenAskedGiveTheJniOutput() throws Exception {
        Run jni = jni("InPlace", 2);
        assertEquals(0, jni.exit(), jni.output());
        Run ffm = run(openMpirun(2, "-x", "MANA_FFM_INPLACE_SEND=true", modernJava.toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ffmJar + ":" + programs, "InPlace"));
        assertEquals(0, ffm.exit(), ffm.output());
        assertEquals(jni.sorted(), ffm.sorted(), ffm.output());
    }

    /**
     * MPI_INFO_ENV's reserved keys and values as Open MPI gives them (command, argv, maxprocs, soft,
     * host, arch, wdir, thread_level) on MPICH too, whose MPI_INFO_ENV is empty: the FFM lower
     * half fills it. An argument longer than MPICH's MPI_MAX_INFO_VAL is cut, not fatal.
     */
    @Test
    void infoEnvHasOpenMpisReservedKeysOnMpichToo() throws Exception {
        Run jni = jni("InfoEnv", 2, List.of("a", "b c"));
        assertEquals(0, jni.exit(), jni.output());
        assertTrue(jni.sorted().contains("rank 1 keys: command argv maxprocs soft host arch wdir thread_level"), jni.output());
        assertTrue(jni.sorted().contains("rank 0 argv=a b c") && jni.sorted().contains("rank 0 command=InfoEnv"), jni.output());
        Optional<Run> mpich = ffmMpich("InfoEnv", 2, "a", "b c");
        assumeTrue(mpich.isPresent(), "MPICH not installed");
        assertEquals(0, mpich.get().exit(), mpich.get().output());
        assertEquals(jni.sorted(), mpich.get().sorted(), mpich.get().output());
        Run none = ffmMpich("InfoEnv", 1).orElseThrow();
        assertTrue(none.sorted().contains("rank 0 keys: command maxprocs soft host arch wdir thread_level"), none.output());
        Run longArg = ffmMpich("InfoEnv", 1, "long", "x".repeat(3000)).orElseThrow();
        assertEquals(0, longArg.exit(), longArg.output());
        assertTrue(longArg.sorted().contains("rank 0 argv starts 'long x', fits: true"), longArg.output());
    }

    /** MPI errors are MPIExceptions with the same error class on every lower half, never a crash. */
    @Test
    void errorsAreMpiExceptionsWithTheSameClass() throws Exception {
        Run jni = jni("Errors", 2);
        assertEquals(0, jni.exit(), jni.output());
        assertTrue(jni.output().contains("ERR_RANK") && jni.output().contains("ERR_COUNT"), jni.output());
        List<Run> ffm = new ArrayList<>(List.of(ffmOpenMpi("Errors", 2)));
        ffmMpich("Errors", 2).ifPresent(ffm::add);
        for (Run r : ffm) {
            assertEquals(0, r.exit(), r.output());
            assertEquals(jni.sorted(), r.sorted());
        }
    }

    /**
     * Bad arguments driven straight into the lower half: on FFM (Open MPI and MPICH) each is an
     * MPIException of the class the JNI binding gives where it survives (or its
     * ArrayIndexOutOfBoundsException for a negative count or a short array in a collective),
     * never a crash; the job goes on. The JNI binding runs the cases it survives, as the reference.
     */
    @Test
    void badArgumentsAreMpiExceptionsOnEveryFfmLowerHalf() throws Exception {
        List<String> jniCrashes = List.of("short-direct-buffer-in-iBcast", "short-direct-buffer-in-iAllReduce",
                "forged-communicator-in-barrier", "forged-communicator-in-send");
        Run jni = jni("BadArgs", 2, jniCrashes);
        assertEquals(0, jni.exit(), jni.output());
        List<String> expected = new ArrayList<>(jni.sorted());
        for (int r = 0; r < 2; r++) {
            expected.add("rank " + r + ": short direct buffer in iBcast -> ERR_BUFFER");
            expected.add("rank " + r + ": short direct buffer in iAllReduce -> ERR_BUFFER");
            expected.add("rank " + r + ": forged communicator in barrier -> ERR_COMM");
            expected.add("rank " + r + ": forged communicator in send -> ERR_COMM");
        }
        List<String> sorted = expected.stream().sorted().toList();
        assertTrue(sorted.contains("rank 1: negative count in iAllReduce -> ERR_COUNT"), jni.output());
        assertTrue(sorted.contains("rank 0: short array in allReduce -> ArrayIndexOutOfBoundsException"), jni.output());
        assertTrue(sorted.contains("rank 0: freed communicator in barrier -> ERR_COMM"), jni.output());
        List<Run> ffm = new ArrayList<>(List.of(ffmOpenMpi("BadArgs", 2)));
        ffmMpich("BadArgs", 2).ifPresent(ffm::add);
        for (Run r : ffm) {
            assertEquals(0, r.exit(), r.output());
            assertEquals(sorted, r.sorted(), r.output());
        }
    }

    /**
     * Initialising mpi.MPI links no downcall handle of the binding's functions: they are linked on
     * first use (a holder class per function, FfmLib.fn), because each new shape costs
     * milliseconds (a stub class spun per shape) and initialising every Ffm class's handles took
     * a quarter of a second per rank. What is left: putenv (UCX_ERROR_SIGNALS, unless set) and the
     * shim's table and promote calls, one shape each. Counted, not timed: the JDK names each
     * downcall stub class it spins jdk.internal.foreign.abi.DowncallStub (-Xlog:class+load).
     */
    @ParameterizedTest(name = "on {0}")
    @CsvSource({"openmpi", "mpich"})
    void initialisingMpiLinksNoFunctionOfTheBinding(String mpi) throws Exception {
        assumeTrue(Files.isRegularFile(ffmJar.resolveSibling("libmana_abi_" + mpi + ".so")), "no ABI shim for " + mpi);
        Run r = run(List.of(modernJava.toString(), "--enable-native-access=ALL-UNNAMED", "-Dmana.ffm.mpi=" + mpi,
                "-Xlog:class+load=info:stdout", "-cp", ffmJar + ":" + programs, "InitOnly"));
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("InitOnly: mpi.MPI initialised"), r.output());
        long stubs = r.output().lines().filter(l -> l.contains("jdk.internal.foreign.abi.DowncallStub")).count();
        assertTrue(stubs >= 1, "no DowncallStub class in the class-load log: has the JDK renamed its downcall stubs? "
                + "(then count its new name here)");
        assertTrue(stubs <= 2, "initialising mpi.MPI linked " + stubs + " downcall shapes (expected putenv's and the"
                + " shim's, at most 2): is a MethodHandle made in an Ffm class's static initialiser again?");
    }

    // ----- runs -----

    record Run(int exit, String output) {
        List<String> sorted() {
            return output.lines().filter(l -> !l.isBlank()).sorted().toList();
        }
    }

    private static Run jni(String program, int ranks) throws Exception {
        return jni(program, ranks, List.of());
    }

    private static Run jni(String program, int ranks, List<String> args) throws Exception {
        List<String> cmd = openMpirun(ranks, Path.of(System.getProperty("java.home"), "bin/java").toString(),
                "-cp", jniJar + ":" + programs, program);
        cmd.addAll(args);
        return run(cmd);
    }

    private static Run ffmOpenMpi(String program, int ranks, String... args) throws Exception {
        List<String> cmd = openMpirun(ranks, modernJava.toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", ffmJar + ":" + programs, program);
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    private static Optional<Run> ffmMpich(String program, int ranks, String... args) throws Exception {
        Path mpirun = Path.of("/usr/bin/mpirun.mpich");
        if (!Files.isExecutable(mpirun) || !Files.isRegularFile(ffmJar.resolveSibling("libmana_abi_mpich.so"))) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>(List.of(mpirun.toString(), "-np", String.valueOf(ranks), modernJava.toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", ffmJar + ":" + programs, program));
        cmd.addAll(List.of(args));
        return Optional.of(run(cmd));
    }

    private static List<String> openMpirun(int ranks, String... command) {
        List<String> cmd = new ArrayList<>(List.of("mpirun.openmpi", "--oversubscribe", "-np", String.valueOf(ranks)));
        if (ROOT) {
            cmd.add("--allow-run-as-root");
        }
        cmd.addAll(List.of(command));
        return cmd;
    }

    private static Run run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        // Read concurrently so a full pipe never blocks the ranks.
        var out = new java.io.ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        reader.start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            reader.join(5000);
            throw new AssertionError("timed out: " + String.join(" ", cmd) + "\n" + out.toString(StandardCharsets.UTF_8));
        }
        reader.join(10000);
        return new Run(p.exitValue(), out.toString(StandardCharsets.UTF_8));
    }

    // ----- where things are -----

    private static Optional<Path> find(Path dir, String name) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.walk(dir, 2)) {
            return s.filter(p -> p.getFileName().toString().equals(name)).findFirst();
        }
    }

    /** The java of a JDK 22+ under MANA_FFM_JDK or /usr/lib/jvm (as ./mana setup chooses it). */
    private static Optional<Path> modernJava() throws IOException {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("MANA_FFM_JDK");
        if (env != null) {
            candidates.add(Path.of(env));
        }
        if (Files.isDirectory(Path.of("/usr/lib/jvm"))) {
            try (Stream<Path> s = Files.list(Path.of("/usr/lib/jvm"))) {
                s.sorted().forEach(candidates::add);
            }
        }
        for (Path jdk : candidates) {
            Path release = jdk.resolve("release");
            if (Files.isExecutable(jdk.resolve("bin/java")) && Files.isRegularFile(release)) {
                for (String line : Files.readAllLines(release)) {
                    if (line.startsWith("JAVA_VERSION=\"")) {
                        String major = line.substring(14).split("[.\"+-]")[0];
                        if (major.matches("\\d+") && Integer.parseInt(major) >= 22) {
                            return Optional.of(jdk.resolve("bin/java"));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }
}
