package mana.shelltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hot-add on real ranks: a 2-rank job started without mana.wrappers.types calls a datatype
 * constructor in a loop; the bundle jar is dropped into the job's --plugins folder and every
 * rank then succeeds (and uses the new datatype in a message) without a restart; the jar is
 * removed and the same call fails cleanly again on every rank.
 */
class HotAddThroughPluginsTest {
    static final String TYPES = "mana.wrappers.types";
    /** Safety net only (no timed assertion): a job that hangs fails the test instead of the build. */
    static final long GIVE_UP_S = ManaJob.TIMEOUT_S;

    @TempDir
    Path plugins;

    @Test
    void aBundleDroppedIntoThePluginsFolderProvidesItsFunctionsOnEveryRankAndRemovingItTakesThemAway() throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        Path typesJar = typesBundle();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + ManaJob.home(), "-jar", ManaJob.launcherJar().toString(),
                "run", "--without-bundle", TYPES, "--plugins", plugins.toString(),
                "-np", "2", "--class", WaitForTypes.class.getName(), jar.toString()));
        Process p = new ProcessBuilder(cmd).directory(ManaJob.home().toFile()).start();
        p.getOutputStream().close();
        List<String> out = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> readLines(p, out));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p));
        try {
            awaitOnEveryRank(out, l -> l.contains(": unsupported: "), p);
            Path part = Files.copy(typesJar, plugins.resolve(".types.jar.part"));
            Files.move(part, plugins.resolve(TYPES + ".jar"), StandardCopyOption.ATOMIC_MOVE);
            long added = System.nanoTime();
            awaitOnEveryRank(out, l -> l.contains(": available after "), p);
            long addMs = (System.nanoTime() - added) / 1_000_000;

            awaitOnEveryRank(out, l -> l.endsWith(": ok"), p);
            Files.delete(plugins.resolve(TYPES + ".jar"));
            long removed = System.nanoTime();
            awaitOnEveryRank(out, l -> l.contains(": unsupported again: "), p);
            // A figure for the report, not an assertion: FileInstall polls every second.
            System.out.printf("[figure] hot-add: every rank served the new functions %d ms after the jar appeared; "
                    + "they failed cleanly again %d ms after it was removed%n", addMs, (System.nanoTime() - removed) / 1_000_000);

            assertTrue(p.waitFor(GIVE_UP_S, TimeUnit.SECONDS), "the job did not end: " + out);
            reader.get(GIVE_UP_S, TimeUnit.SECONDS);
            String all = String.join("\n", out) + "\n--- stderr\n" + err.get(GIVE_UP_S, TimeUnit.SECONDS);
            System.out.println("$ mana " + String.join(" ", cmd.subList(4, cmd.size())) + "\n" + all);
            assertEquals(0, p.exitValue(), all);
            for (int r = 0; r < 2; r++) {
                String prefix = "rank " + r + ": ";
                String first = line(out, prefix + "unsupported: ");
                assertTrue(first.contains("MPI_Type_contiguous") && first.contains("no installed wrapper bundle")
                        && first.contains(TYPES), all);
                Matcher m = Pattern.compile(Pattern.quote(prefix) + "available after (\\d+) failures").matcher(all);
                assertTrue(m.find() && Integer.parseInt(m.group(1)) >= 1, all);
                String again = line(out, prefix + "unsupported again: ");
                assertTrue(namesADatatypeCallOfTheLoop(again) && again.contains("no installed wrapper bundle")
                        && again.contains(TYPES), all);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void aBundleInstalledThroughTheClusterShellOnAllRanksProvidesItsFunctionsAndUninstallingTakesThemAway()
            throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        Path typesJar = typesBundle();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmana.home=" + ManaJob.home(), "-jar", ManaJob.launcherJar().toString(),
                "run", "--without-bundle", TYPES, "-np", "2", "--class", WaitForTypes.class.getName(), jar.toString()));
        Process p = new ProcessBuilder(cmd).directory(ManaJob.home().toFile()).start();
        p.getOutputStream().close();
        // The job id mana run gives: the main class's simple name and the pid of the mana run process.
        String job = WaitForTypes.class.getSimpleName() + "-" + p.pid();
        List<String> out = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Void> reader = CompletableFuture.runAsync(() -> readLines(p, out));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p));
        try {
            awaitOnEveryRank(out, l -> l.contains(": unsupported: "), p);
            ManaJob.Run install = ManaJob.mana("shell", job, "--all", "-c", "mana:install " + typesJar);
            assertEquals(0, install.exit(), install.all());
            assertTrue(install.out().contains("[rank 0]") && install.out().contains("[rank 1]"), install.all());
            awaitOnEveryRank(out, l -> l.contains(": available after "), p);
            awaitOnEveryRank(out, l -> l.endsWith(": ok"), p);
            ManaJob.Run uninstall = ManaJob.mana("shell", job, "--all", "-c", "mana:uninstall " + TYPES);
            assertEquals(0, uninstall.exit(), uninstall.all());
            awaitOnEveryRank(out, l -> l.contains(": unsupported again: "), p);

            assertTrue(p.waitFor(GIVE_UP_S, TimeUnit.SECONDS), "the job did not end: " + out);
            reader.get(GIVE_UP_S, TimeUnit.SECONDS);
            String all = String.join("\n", out) + "\n--- stderr\n" + err.get(GIVE_UP_S, TimeUnit.SECONDS);
            assertEquals(0, p.exitValue(), all);
            for (int r = 0; r < 2; r++) {
                String again = line(out, "rank " + r + ": unsupported again: ");
                assertTrue(namesADatatypeCallOfTheLoop(again) && again.contains("no installed wrapper bundle")
                        && again.contains(TYPES), all);
            }
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void withoutBundleRejectsUnknownAndRequiredBundlesInOneLine() {
        ManaJob.Run unknown = ManaJob.mana("run", "--without-bundle", "no.such.bundle", "-np", "1",
                System.getProperty("programs.jar"));
        assertEquals(2, unknown.exit(), unknown.all());
        assertEquals(1, unknown.errLines().size(), unknown.all());
        assertTrue(unknown.err().contains("no such platform bundle"), unknown.all());
        ManaJob.Run core = ManaJob.mana("run", "--without-bundle", "mana.core", "-np", "1", System.getProperty("programs.jar"));
        assertEquals(2, core.exit(), core.all());
        assertTrue(core.err().contains("every job needs this bundle"), core.all());
    }

    private static Path typesBundle() throws IOException {
        try (Stream<Path> s = Files.list(ManaJob.home().resolve("launcher/target/dist/bundles"))) {
            return s.filter(f -> f.getFileName().toString().startsWith(TYPES + "-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + TYPES + " jar in the dist: build the launcher"));
        }
    }

    /** Waits until both ranks printed a matching line (or the job ended / the safety net ran out). */
    private static void awaitOnEveryRank(List<String> out, Predicate<String> what, Process p) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GIVE_UP_S);
        while (true) {
            long ranks;
            synchronized (out) {
                ranks = out.stream().filter(what).map(l -> l.substring(0, l.indexOf(':'))).distinct().count();
            }
            if (ranks == 2) {
                return;
            }
            if (!p.isAlive() || System.nanoTime() > deadline) {
                fail("the job " + (p.isAlive() ? "hung" : "ended (exit " + p.exitValue() + ")") + " before every rank got there: " + out);
            }
            Thread.sleep(50);
        }
    }

    private static String line(List<String> out, String start) {
        synchronized (out) {
            return out.stream().filter(l -> l.startsWith(start)).findFirst().orElse("(none: " + out + ")");
        }
    }

    private static void readLines(Process p, List<String> out) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String l;
            while ((l = r.readLine()) != null) {
                out.add(l);
            }
        } catch (IOException e) {
            out.add("(stdout: " + e + ")");
        }
    }

    private static String readAll(Process p) {
        try {
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(stderr: " + e + ")";
        }
    }

    /**
     * The loop creates and frees a type: the bundle can go between the two calls, and then free()
     * is the one that fails (same bundle, same clean error).
     */
    private static boolean namesADatatypeCallOfTheLoop(String line) {
        return line.contains("MPI_Type_contiguous") || line.contains("MPI_Type_free");
    }

}
