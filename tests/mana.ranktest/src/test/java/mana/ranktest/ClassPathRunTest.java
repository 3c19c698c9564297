package mana.ranktest;

import static mana.ranktest.ManaRunTest.mana;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import mana.ranktest.ManaRunTest.Run;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs run the way raw Open MPI users start them, {@code mpirun java -cp ... Main}: from a
 * class directory and from a class path of a jar (a library class and a resource) and a
 * directory (the main class). Each result is compared with the same program on Open MPI's own
 * binding.
 */
class ClassPathRunTest {
    @TempDir
    static Path tmp;
    static Path libJar;
    static Path mainDir;
    static Path lowerHalf;

    /** lib.Greeter + greeting.txt in a jar; CpMain (default package, like Open MPI's examples) in a directory. */
    @BeforeAll
    static void compile() throws Exception {
        ManaRunTest.locate();
        lowerHalf = ManaRunTest.home.resolve("launcher/target/dist/lib/mana.lowerhalf.jar");
        assertTrue(Files.isRegularFile(lowerHalf), lowerHalf.toString());
        Path src = Files.createDirectories(tmp.resolve("src/lib"));
        Files.writeString(src.resolve("Greeter.java"), """
                package lib;
                public class Greeter {
                    public static String greet(int rank, int size) { return "rank " + rank + " of " + size + " greets"; }
                }
                """);
        Files.writeString(tmp.resolve("src/CpMain.java"), """
                import mpi.*;
                public class CpMain {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        int rank = MPI.COMM_WORLD.getRank();
                        int size = MPI.COMM_WORLD.getSize();
                        int[] sum = {rank + 1};
                        MPI.COMM_WORLD.allReduce(sum, 1, MPI.INT, MPI.SUM);
                        String res;
                        try (var in = CpMain.class.getResourceAsStream("/greeting.txt")) { res = new String(in.readAllBytes()).trim(); }
                        String ctx;
                        try (var in = Thread.currentThread().getContextClassLoader().getResourceAsStream("greeting.txt")) {
                            ctx = new String(in.readAllBytes()).trim();
                        }
                        System.out.println(lib.Greeter.greet(rank, size) + ": sum " + sum[0] + ", resource '" + res + "', context '" + ctx
                                + "', args " + java.util.Arrays.toString(args));
                        System.err.println("mpi loaded " + (MPI.class.getClassLoader() == CpMain.class.getClassLoader() ? "with the application" : "apart"));
                        MPI.Finalize();
                        if (args.length > 0 && args[0].equals("fail") && rank == 1) {
                            System.exit(7);
                        }
                    }
                }
                """);
        Path libClasses = Files.createDirectories(tmp.resolve("lib-classes"));
        mainDir = Files.createDirectories(tmp.resolve("main-classes"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", libClasses.toString(),
                src.resolve("Greeter.java").toString()));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", mainDir.toString(),
                "-cp", lowerHalf + ":" + libClasses, tmp.resolve("src/CpMain.java").toString()));
        libJar = tmp.resolve("lib.jar");
        try (OutputStream os = Files.newOutputStream(libJar); JarOutputStream out = new JarOutputStream(os)) {
            out.putNextEntry(new JarEntry("lib/Greeter.class"));
            out.write(Files.readAllBytes(libClasses.resolve("lib/Greeter.class")));
            out.closeEntry();
            out.putNextEntry(new JarEntry("greeting.txt"));
            out.write("from the library jar\n".getBytes());
            out.closeEntry();
        }
    }

    /** {@code mpirun -np N java -cp CP MAIN ARGS} on Open MPI's own binding. */
    static Run raw(int np, String cp, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("mpirun"));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--allow-run-as-root");
        }
        cmd.addAll(List.of("--oversubscribe", "-np", String.valueOf(np),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp, main));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        var out = java.util.concurrent.CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        var err = java.util.concurrent.CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        if (!p.waitFor(ManaRunTest.TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(p.exitValue(), out.get(), err.get());
    }

    private static String read(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static List<String> sorted(String out, String prefix) {
        return out.lines().filter(l -> l.startsWith(prefix)).sorted().toList();
    }

    @Test
    void openMpisRingFromAClassDirectoryBothWays() throws Exception {
        Path classes = ManaRunTest.examples.resolve("classes");
        assumeTrue(Files.isRegularFile(classes.resolve("Ring.class")), "Open MPI's examples are copied by ./mana setup");
        Run raw = raw(2, lowerHalf + ":" + classes, "Ring");
        assertEquals(0, raw.exit(), raw.err());
        Run cp = mana("run", "-np", "2", "-cp", classes.toString(), "Ring");
        assertEquals(0, cp.exit(), cp.err());
        Run dir = mana("run", "-np", "2", classes.toString(), "--class", "Ring");
        assertEquals(0, dir.exit(), dir.err());
        assertTrue(raw.out().contains("Process 0 decremented value: 0"), raw.out());
        assertEquals(sorted(raw.out(), "Process"), sorted(cp.out(), "Process"));
        assertEquals(sorted(raw.out(), "Process"), sorted(dir.out(), "Process"));
    }

    @Test
    void aJarAndADirectoryOnTheClassPath() throws Exception {
        String cp = libJar + ":" + mainDir;
        Run raw = raw(2, lowerHalf + ":" + cp, "CpMain", "a", "-b");
        assertEquals(0, raw.exit(), raw.err());
        Run r = mana("run", "-np", "2", "--class-path", cp, "CpMain", "a", "-b");
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("rank 0 of 2 greets: sum 3, resource 'from the library jar', context 'from the library jar', args [a, -b]",
                "rank 1 of 2 greets: sum 3, resource 'from the library jar', context 'from the library jar', args [a, -b]"),
                sorted(r.out(), "rank "));
        assertEquals(sorted(raw.out(), "rank "), sorted(r.out(), "rank "));
        assertEquals(2, r.err().lines().filter(l -> l.equals("mpi loaded apart")).count(), "the upper half, a bundle of its own: " + r.err());
    }

    /** A jar whose manifest names its library ({@code Class-Path: lib.jar}), as Maven's jar plugin writes it. */
    @Test
    void anApplicationJarWhoseManifestClassPathNamesItsLibrary() throws Exception {
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MAIN_CLASS, "CpMain");
        m.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH, libJar.getFileName().toString());
        Path app = tmp.resolve("app-with-manifest-class-path.jar");
        try (OutputStream os = Files.newOutputStream(app); JarOutputStream out = new JarOutputStream(os, m)) {
            out.putNextEntry(new JarEntry("CpMain.class"));
            out.write(Files.readAllBytes(mainDir.resolve("CpMain.class")));
            out.closeEntry();
        }
        Run raw = raw(2, lowerHalf + ":" + app, "CpMain", "x");
        assertEquals(0, raw.exit(), raw.err());
        Run r = mana("run", "-np", "2", app.toString(), "x");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, sorted(r.out(), "rank ").size(), r.out());
        assertEquals(sorted(raw.out(), "rank "), sorted(r.out(), "rank "));
    }

    @Test
    void openMpisMpiJarOnTheClassPathDoesNotShadowTheUpperHalf() throws Exception {
        Run r = mana("run", "-np", "2", "-cp", mainDir + ":" + lowerHalf + ":" + libJar, "CpMain");
        assertEquals(0, r.exit(), r.err());
        assertEquals(2, sorted(r.out(), "rank ").size(), r.out());
        assertTrue(r.errLines().contains("mana run: warning: " + lowerHalf
                + " contains package mpi (Open MPI's binding?); left out so that the application uses MANA's mpi"), r.err());
        assertEquals(2, r.err().lines().filter(l -> l.equals("mpi loaded apart")).count(), r.err());
    }

    @Test
    void wildcardAndExitStatus() throws Exception {
        Path libs = Files.createDirectories(tmp.resolve("libs"));
        Files.copy(libJar, libs.resolve("lib.jar"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Run r = mana("run", "-np", "2", "-cp", mainDir + ":" + libs + "/*", "CpMain", "fail");
        Run raw = raw(2, lowerHalf + ":" + mainDir + ":" + libs + "/*", "CpMain", "fail");
        assertEquals(7, raw.exit(), raw.err());
        assertEquals(raw.exit(), r.exit(), "the exit status of a rank, as under the raw binding: " + r.err());
        assertEquals(sorted(raw.out(), "rank "), sorted(r.out(), "rank "));
    }

    @Test
    void usageErrorsAreOneLineAndExit2() throws Exception {
        Path classes = ManaRunTest.examples.resolve("classes");
        for (List<String> args : List.of(List.of("-cp", "", "Ring"), List.of("-cp", classes.toString()),
                List.of("-cp", classes.toString(), "NoSuch"), List.of(classes.toString()), List.of("-cp", "/no/such/dir", "Ring"))) {
            List<String> a = new ArrayList<>(List.of("run", "-np", "2"));
            a.addAll(args);
            Run r = mana(a.toArray(String[]::new));
            assertEquals(2, r.exit(), args + ": " + r.err());
            assertEquals(1, r.errLines().size(), args + ": " + r.err());
            assertTrue(r.errLines().get(0).startsWith("mana run: "), r.err());
            assertEquals("", r.out());
        }
        Run r = mana("run", "-np", "2", "-cp", classes + ":" + libJar, "no.Such");
        assertEquals(List.of("mana run: class no.Such not found in the class path (" + classes + ":" + libJar + ")"), r.errLines());
    }
}
