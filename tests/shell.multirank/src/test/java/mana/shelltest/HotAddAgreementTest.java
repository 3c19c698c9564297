package mana.shelltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Issue 22: a collective-providing bundle (mana.wrappers.cart) dropped into a running job is
 * switched on at the same point on every rank. The program tries createCart every iteration and
 * falls back to an allGather, with no agreement of its own: before, the first rank to see the
 * bundle entered MPI_Cart_create while another entered MPI_Allgather, and the job hung.
 */
class HotAddAgreementTest {
    static final String CART = "mana.wrappers.cart";

    @TempDir
    Path plugins;

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void aCollectiveBundleDroppedInIsSwitchedOnAtTheSameIterationOnEveryRankAndTheJobFinishes(int ranks) throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        try (LiveJob job = LiveJob.mana(List.of("run", "--without-bundle", CART, "--plugins", plugins.toString(),
                "-np", String.valueOf(ranks), "--class", CartOrAllGather.class.getName(), jar.toString()))) {
            job.awaitOnEveryRank(ranks, l -> l.contains(": fallback: "));
            drop(LiveJob.platformBundle(CART), CART + ".jar");
            String all = job.finish();
            assertEquals(0, job.exit(), all);
            Set<Integer> firstCart = new HashSet<>();
            for (int r = 0; r < ranks; r++) {
                String prefix = "rank " + r + ": ";
                assertTrue(job.line(prefix + "fallback: ").contains("no installed wrapper bundle"), all);
                Matcher m = Pattern.compile(Pattern.quote(prefix) + "cart from iteration (\\d+)").matcher(all);
                assertTrue(m.find(), "rank " + r + " never used the hot-added bundle: " + all);
                firstCart.add(Integer.parseInt(m.group(1)));
                Matcher res = Pattern.compile(Pattern.quote(prefix) + "result (\\d+) after (\\d+) iterations").matcher(all);
                assertTrue(res.find(), all);
                assertEquals(CartOrAllGather.expected(r, ranks, Integer.parseInt(res.group(2))), Long.parseLong(res.group(1)),
                        "rank " + r + "'s answer: " + all);
            }
            assertEquals(1, firstCart.size(), "every rank switches the bundle on at the same iteration: " + firstCart + "\n" + all);
            assertTrue(all.contains("switching on " + CART + " on all " + ranks + " ranks"), all);
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void aHotAddedBundleTakenAwayIsSwitchedOffAtTheSameIterationOnEveryRankAndTheJobFinishes(int ranks) throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        // 0 extra iterations, then 30 that fell back again after the bundle served
        try (LiveJob job = LiveJob.mana(List.of("run", "--without-bundle", CART, "--plugins", plugins.toString(),
                "-np", String.valueOf(ranks), "--class", CartOrAllGather.class.getName(), jar.toString(), "0", "30"))) {
            job.awaitOnEveryRank(ranks, l -> l.contains(": fallback: "));
            drop(LiveJob.platformBundle(CART), CART + ".jar");
            job.awaitOnEveryRank(ranks, l -> l.contains(": cart from iteration "));
            Files.delete(plugins.resolve(CART + ".jar")); // FileInstall uninstalls it on each rank, at its own moment
            String all = job.finish();
            assertEquals(0, job.exit(), all);
            Set<Integer> backAt = new HashSet<>();
            for (int r = 0; r < ranks; r++) {
                String prefix = "rank " + r + ": ";
                Matcher m = Pattern.compile(Pattern.quote(prefix) + "fallback again from iteration (\\d+): (.*)").matcher(all);
                assertTrue(m.find(), "rank " + r + " never fell back after the removal: " + all);
                assertTrue(m.group(2).contains("no installed wrapper bundle"), all);
                backAt.add(Integer.parseInt(m.group(1)));
                Matcher res = Pattern.compile(Pattern.quote(prefix) + "result (\\d+) after (\\d+) iterations").matcher(all);
                assertTrue(res.find(), all);
                assertEquals(CartOrAllGather.expected(r, ranks, Integer.parseInt(res.group(2))), Long.parseLong(res.group(1)),
                        "rank " + r + "'s answer: " + all);
            }
            assertEquals(1, backAt.size(), "every rank switches the bundle off at the same iteration: " + backAt + "\n" + all);
            assertTrue(all.contains("switching off " + CART + " on all " + ranks + " ranks"), all);
        }
    }

    @Test
    void aBundleThatCannotBeResolvedIsSwitchedOnNowhereAndTheReasonIsPrinted() throws Exception {
        Path jar = Path.of(System.getProperty("programs.jar"));
        try (LiveJob job = LiveJob.mana(List.of("run", "--plugins", plugins.toString(), "-np", "2",
                "--class", CartOrAllGather.class.getName(), jar.toString(), "500"))) {
            job.awaitOnEveryRank(2, l -> l.contains(": cart from iteration 0"));
            Path broken = plugins.resolve(".broken.part");
            writeBundleWithAMissingImport(broken, "mana.test.broken");
            Files.move(broken, plugins.resolve("mana.test.broken.jar"), StandardCopyOption.ATOMIC_MOVE);
            String all = job.finish();
            assertEquals(0, job.exit(), all);
            assertTrue(all.contains("bundle mana.test.broken is not switched on: rank ")
                    && all.contains("cannot be resolved") && all.contains("no.such.pkg"), all);
        }
    }

    private void drop(Path bundle, String name) throws IOException {
        Path part = Files.copy(bundle, plugins.resolve("." + name + ".part"));
        Files.move(part, plugins.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** A bundle importing a package nobody exports: installs, never resolves. */
    static void writeBundleWithAMissingImport(Path jar, String bsn) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", bsn);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Import-Package", "no.such.pkg");
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, m)) {
            j.flush();
        }
    }
}
