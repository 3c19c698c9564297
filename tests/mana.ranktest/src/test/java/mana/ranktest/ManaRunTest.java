package mana.ranktest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real jobs through {@code mana run}: Open MPI's unmodified Hello and Ring, MANA's Pi, Abort
 * and Throw examples, and the CLI's one-line errors. Every process has a timeout.
 */
class ManaRunTest {
    static final long TIMEOUT_S = 120;
    static Path home;
    static Path launcherJar;
    static Path examples;

    record Run(int exit, String out, String err) {
        List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    @BeforeAll
    static void locate() {
        home = Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
        launcherJar = home.resolve("launcher/target/dist/mana-launcher.jar");
        examples = home.resolve("examples/target");
        assertTrue(Files.isRegularFile(launcherJar), "build the launcher first: " + launcherJar);
        assertTrue(Files.isRegularFile(examples.resolve("mana-examples.jar")), "build examples first: " + examples);
    }

    /** {@code java -Dmana.home=... -jar mana-launcher.jar ARGS} with a timeout. */
    static Run mana(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + home, "-jar", launcherJar.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(home.toFile()).start();
        p.getOutputStream().close();
        CompletableFuture<String> out = drain(p.getInputStream());
        CompletableFuture<String> err = drain(p.getErrorStream());
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("timed out after " + TIMEOUT_S + " s: " + String.join(" ", cmd));
        }
        Run r = new Run(p.exitValue(), out.get(TIMEOUT_S, TimeUnit.SECONDS), err.get(TIMEOUT_S, TimeUnit.SECONDS));
        System.out.println("$ mana " + String.join(" ", args) + "  -> exit " + r.exit());
        return r;
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    static Path openMpiExample(String jar) {
        Path p = examples.resolve(jar);
        assumeTrue(Files.isRegularFile(p), p + " missing: Open MPI's examples are copied by ./mana setup");
        return p;
    }

    @ParameterizedTest(name = "Hello on {0} ranks")
    @ValueSource(ints = {2, 4})
    void helloPrintsOneLinePerRank(int n) throws Exception {
        Run r = mana("run", "-np", String.valueOf(n), openMpiExample("hello.jar").toString());
        assertEquals(0, r.exit(), r.err());
        for (int i = 0; i < n; i++) {
            assertTrue(r.out().contains("Hello world from rank " + i + " of " + n), "rank " + i + ":\n" + r.out() + r.err());
        }
        assertEquals(n, r.out().lines().filter(l -> l.startsWith("Hello world from rank ")).count(), r.out());
    }

    @ParameterizedTest(name = "Ring on {0} ranks")
    @ValueSource(ints = {2, 4})
    void ringPassesTheMessageAround(int n) throws Exception {
        Run r = mana("run", "-np", String.valueOf(n), openMpiExample("ring.jar").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Process 0 sending 10 to rank 1 (" + n + " processes in ring)"), r.out());
        for (int v = 9; v >= 0; v--) {
            assertTrue(r.out().contains("Process 0 decremented value: " + v), r.out());
        }
        for (int i = 0; i < n; i++) {
            assertTrue(r.out().contains("Process " + i + " exiting"), r.out());
        }
    }

    @Test
    void piOnFourRanks() throws Exception {
        Run r = mana("run", "-np", "4", examples.resolve("mana-examples.jar").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("pi is approximately 3.14159"), r.out());
        assertTrue(r.out().contains("4 ranks"), r.out());
    }

    @Test
    void abortGivesANonZeroExitStatus() throws Exception {
        Run r = mana("run", "-np", "2", "--class", "mana.examples.Abort", examples.resolve("mana-examples.jar").toString());
        assertNotEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("rank 0: aborting with code 3"), r.out());
    }

    @Test
    void exceptionInMainFailsTheJobWithItsStackTrace() throws Exception {
        Run r = mana("run", "-np", "2", "--class", "mana.examples.Throw", examples.resolve("mana-examples.jar").toString());
        assertNotEquals(0, r.exit());
        assertTrue(r.err().contains("java.lang.IllegalStateException: deliberate failure on rank"), r.err());
        assertTrue(r.err().contains("at mana.examples.Throw.main(Throw.java"), r.err());
    }

    @Test
    void missingJarIsOneLineAndExit2() throws Exception {
        Run r = mana("run", "-np", "2", "no-such-app.jar");
        assertEquals(2, r.exit());
        assertEquals(List.of("mana run: no-such-app.jar: no such file"), r.errLines());
        assertEquals("", r.out());
    }

    /** Options starting with --mana- are MANA's; unknown ones are rejected before mpirun runs. */
    @Test
    void unknownManaOptionIsOneLineAndExit2() throws Exception {
        Run r = mana("run", "--mana-bogus-opt", "-np", "2", examples.resolve("mana-examples.jar").toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith("mana run: unknown MANA option --mana-bogus-opt"), r.err());
    }

    @Test
    void badRankCountIsOneLineAndExit2() throws Exception {
        Run r = mana("run", "-np", "zero", examples.resolve("mana-examples.jar").toString());
        assertEquals(2, r.exit());
        assertEquals(List.of("mana run: -np expects a positive number of ranks, got 'zero'"), r.errLines());
    }

    @Test
    void missingMainClassIsOneLineAndExit2BeforeMpirun() throws Exception {
        Run r = mana("run", "-np", "2", "--class", "no.Such", examples.resolve("mana-examples.jar").toString());
        assertEquals(2, r.exit());
        assertEquals(List.of("mana run: class no.Such not found in mana-examples.jar"), r.errLines());
        assertEquals("", r.out());
    }

    @Test
    void unknownCommandIsOneLine() throws Exception {
        Run r = mana("frobnicate");
        assertEquals(2, r.exit());
        assertEquals(List.of("mana: unknown command 'frobnicate' (see mana help)"), r.errLines());
    }

    @Test
    void runHelpExplainsTheOptions() throws Exception {
        Run r = mana("run", "--help");
        assertEquals(0, r.exit());
        for (String word : List.of("--class", "-np", "--mca", "--mana-", "APP.jar")) {
            assertTrue(r.out().contains(word), word);
        }
    }

    @Test
    void atFinalizeRunsShellCommandsOnEveryRankOfAnUnmodifiedProgram() throws Exception {
        Run r = mana("run", "--at-finalize", "mana:stats; mana:handle 0x10000000", "-np", "2",
                openMpiExample("ring.jar").toString());
        assertEquals(0, r.exit(), r.err());
        for (int rank = 0; rank < 2; rank++) {
            String p = "[rank " + rank + "] ";
            // Ring sends 10 decrements around the ring plus the initial message: 11 sends on rank 0
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(p + "MPI_Send") && l.trim().endsWith(" 11")), r.out());
            assertTrue(r.out().contains(p + "  predefined: MPI.COMM_WORLD"), r.out());
            assertTrue(r.out().contains(p + "  messages per peer (sent/received): 0=0/0 1=11/11")
                    || r.out().contains(p + "  messages per peer (sent/received): 0=11/11 1=0/0"), r.out());
        }
    }
}
