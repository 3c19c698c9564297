package mana.shelltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    @TempDir
    Path plugins;

    @Test
    void aBundleDroppedIntoThePluginsFolderProvidesItsFunctionsOnEveryRankAndRemovingItTakesThemAway() throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        Path typesJar = LiveJob.platformBundle(TYPES);
        try (LiveJob job = LiveJob.mana(List.of("run", "--without-bundle", TYPES, "--plugins", plugins.toString(),
                "-np", "2", "--class", WaitForTypes.class.getName(), jar.toString()))) {
            job.awaitOnEveryRank(2, l -> l.contains(": unsupported: "));
            Path part = Files.copy(typesJar, plugins.resolve(".types.jar.part"));
            Files.move(part, plugins.resolve(TYPES + ".jar"), StandardCopyOption.ATOMIC_MOVE);
            long added = System.nanoTime();
            job.awaitOnEveryRank(2, l -> l.contains(": available after "));
            long addMs = (System.nanoTime() - added) / 1_000_000;

            job.awaitOnEveryRank(2, l -> l.endsWith(": ok"));
            Files.delete(plugins.resolve(TYPES + ".jar"));
            long removed = System.nanoTime();
            job.awaitOnEveryRank(2, l -> l.contains(": unsupported again: "));
            // A figure for the report, not an assertion: FileInstall polls every second.
            System.out.printf("[figure] hot-add: every rank served the new functions %d ms after the jar appeared; "
                    + "they failed cleanly again %d ms after it was removed%n", addMs, (System.nanoTime() - removed) / 1_000_000);

            String all = job.finish();
            System.out.println("$ mana " + String.join(" ", job.command.subList(4, job.command.size())) + "\n" + all);
            assertEquals(0, job.exit(), all);
            for (int r = 0; r < 2; r++) {
                String prefix = "rank " + r + ": ";
                String first = job.line(prefix + "unsupported: ");
                assertTrue(first.contains("MPI_Type_contiguous") && first.contains("no installed wrapper bundle")
                        && first.contains(TYPES), all);
                Matcher m = Pattern.compile(Pattern.quote(prefix) + "available after (\\d+) failures").matcher(all);
                assertTrue(m.find() && Integer.parseInt(m.group(1)) >= 1, all);
                String again = job.line(prefix + "unsupported again: ");
                assertTrue(namesADatatypeCallOfTheLoop(again) && again.contains("no installed wrapper bundle")
                        && again.contains(TYPES), all);
            }
        }
    }

    @Test
    void aBundleInstalledThroughTheClusterShellOnAllRanksProvidesItsFunctionsAndUninstallingTakesThemAway()
            throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        Path typesJar = LiveJob.platformBundle(TYPES);
        try (LiveJob job = LiveJob.mana(List.of("run", "--without-bundle", TYPES, "-np", "2", "--class",
                WaitForTypes.class.getName(), jar.toString()))) {
            // The job id mana run gives: the main class's simple name and the pid of the mana run process.
            String id = WaitForTypes.class.getSimpleName() + "-" + job.process.pid();
            job.awaitOnEveryRank(2, l -> l.contains(": unsupported: "));
            ManaJob.Run install = ManaJob.mana("shell", id, "--all", "-c", "mana:install " + typesJar);
            assertEquals(0, install.exit(), install.all());
            assertTrue(install.out().contains("[rank 0]") && install.out().contains("[rank 1]"), install.all());
            job.awaitOnEveryRank(2, l -> l.contains(": available after "));
            job.awaitOnEveryRank(2, l -> l.endsWith(": ok"));
            ManaJob.Run uninstall = ManaJob.mana("shell", id, "--all", "-c", "mana:uninstall " + TYPES);
            assertEquals(0, uninstall.exit(), uninstall.all());
            job.awaitOnEveryRank(2, l -> l.contains(": unsupported again: "));

            String all = job.finish();
            assertEquals(0, job.exit(), all);
            for (int r = 0; r < 2; r++) {
                String again = job.line("rank " + r + ": unsupported again: ");
                assertTrue(namesADatatypeCallOfTheLoop(again) && again.contains("no installed wrapper bundle")
                        && again.contains(TYPES), all);
            }
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

    /**
     * The loop creates and frees a type: the bundle can go between the two calls, and then free()
     * is the one that fails (same bundle, same clean error).
     */
    private static boolean namesADatatypeCallOfTheLoop(String line) {
        return line.contains("MPI_Type_contiguous") || line.contains("MPI_Type_free");
    }

}
