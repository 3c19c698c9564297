package mana.lowerhalf.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MANA jobs checkpointed under one MPI library and restarted under another with
 * {@code mana restart --mpi}: NbRing checkpointed under MPICH (FFM) restarts under Open MPI's JNI
 * binding, and checkpointed under Open MPI (FFM) restarts under MPICH (FFM); both give the checksum
 * of an uninterrupted run; an unmodified program keeping MPI's special ranks in its variables,
 * checkpointed transparently on one library, restarts on the other. Real mpirun and mpirun.mpich. Skips without MPICH or the FFM lower half
 * (a JDK 22+ and ./mana setup), or with -Dmana.mpich.skip=true. About 60-90 s.
 */
class CrossRestartTest {

    private static final Path HOME = Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
    private static final Pattern CHECKSUM = Pattern.compile("ring checksum: (\\p{XDigit}+)");

    @Test
    void nbRingCheckpointedUnderMpichRestartsUnderOpenMpiJniAndTheReverse(@TempDir Path dir) throws Exception {
        Path jar = examplesWithBothLibraries();
        String mana = HOME.resolve("mana").toString();

        String reference = checksum(run(dir, List.of(mana, "run", "-np", "2", "--class",
                "mana.examples.NbRing", jar.toString(), "200", "20")));

        Path ck1 = dir.resolve("ck-mpich");
        String first = run(dir, List.of(mana, "run", "--mpi", "mpich", "--ckpt-dir", ck1.toString(),
                "--ckpt-interval", "2s", "-np", "2", "--class", "mana.examples.NbRing", jar.toString(), "200", "20"));
        assertTrue(first.contains("committed"), "no checkpoint under MPICH:\n" + first);
        assertEquals(reference, checksum(first), "MPICH (FFM) run");
        assertTrue(Files.readString(ck1.resolve("job.properties")).contains("mpi=mpich"), "job.properties records the MPI");
        String restarted = run(dir, List.of(mana, "restart", "--strict", "--mpi", "openmpi-jni", ck1.toString()));
        assertTrue(restarted.contains("resumes at step"), restarted);
        assertTrue(restarted.contains("it ran on mpich, now on openmpi-jni"), restarted);
        assertEquals(reference, checksum(restarted), "MPICH checkpoint restarted under Open MPI's JNI binding");

        Path ck2 = dir.resolve("ck-openmpi");
        String second = run(dir, List.of(mana, "run", "--mpi", "openmpi", "--ckpt-dir", ck2.toString(),
                "--ckpt-interval", "2s", "-np", "2", "--class", "mana.examples.NbRing", jar.toString(), "200", "20"));
        assertTrue(second.contains("committed"), "no checkpoint under Open MPI FFM:\n" + second);
        String onMpich = run(dir, List.of(mana, "restart", "--strict", ck2.toString(), "--mpi", "mpich"));
        assertTrue(onMpich.contains("resumes at step"), onMpich);
        assertEquals(reference, checksum(onMpich), "Open MPI (FFM) checkpoint restarted under MPICH (FFM)");
    }

    /**
     * An unmodified program that keeps MPI.ANY_SOURCE, MPI.PROC_NULL and a line's PROC_NULL
     * neighbours in its own variables, checkpointed transparently under Open MPI (FFM) and
     * restarted under MPICH (FFM), whose own ANY_SOURCE and PROC_NULL are each other's: the
     * numbers restored into the program keep their meaning (the API has Open MPI's values on every
     * library), so the restart prints the uninterrupted run's tail and checksum. Then the reverse.
     */
    @Test
    void specialRanksInTheProgramsVariablesKeepTheirMeaningAcrossLibraries(@TempDir Path dir) throws Exception {
        Path jar = examplesWithBothLibraries();
        String mana = HOME.resolve("mana").toString();
        String program = "mana.examples.plain.PlainSpecialRanks";

        List<String> reference = lines(run(dir, List.of(mana, "run", "-np", "3", "--class", program, jar.toString(), "300", "0")));
        assertTrue(reference.get(reference.size() - 1).startsWith("special ranks checksum"), String.join("\n", reference));
        // no cut at MPI_Finalize: under load the newest interval checkpoint could be the one taken there,
        // and the restart would then resume at the end instead of mid-run
        Map<String, String> noFinalizeCut = Map.of("MANA_JAVA_OPTS", "-Dmana.transparent.finalizeCut=false");
        String[][] directions = {{"openmpi", "mpich"}, {"mpich", "openmpi"}};
        for (String[] d : directions) {
            Path ck = dir.resolve("ck-" + d[0]);
            String first = run(dir, List.of(mana, "run", "--mpi", d[0], "--transparent", "--ckpt-dir", ck.toString(),
                    "--ckpt-interval", "2s", "-np", "3", "--class", program, jar.toString(), "300", "20"), noFinalizeCut);
            assertTrue(first.contains("committed"), "no checkpoint under " + d[0] + ":\n" + first);
            assertEquals(reference, lines(first), "uninterrupted under " + d[0]);
            String restarted = run(dir, List.of(mana, "restart", "--strict", ck.toString(), "--mpi", d[1]), noFinalizeCut);
            assertTrue(restarted.contains("it ran on " + d[0] + ", now on " + d[1]), restarted);
            List<String> tail = lines(restarted);
            assertTrue(tail.size() >= 2 && tail.size() < reference.size() - 3, "the restart goes on mid-run:\n" + restarted);
            assertEquals(reference.subList(reference.size() - tail.size(), reference.size()), tail,
                    "checkpointed under " + d[0] + ", restarted under " + d[1]);
        }
    }

    /** The program's own lines (rank 0's steps and checksum), without MANA's. */
    private static List<String> lines(String output) {
        return output.lines().filter(l -> l.startsWith("step ") || l.startsWith("special ranks checksum")).toList();
    }

    /** The examples jar, when both libraries and their FFM shims are there (the test is skipped otherwise). */
    private static Path examplesWithBothLibraries() throws IOException {
        assumeFalse(Boolean.getBoolean("mana.mpich.skip"), "-Dmana.mpich.skip=true");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpirun.mpich")), "MPICH not installed");
        assumeTrue(hasFfmShims(), "no FFM lower half with shims for both MPIs (needs a JDK 22+ and ./mana setup)");
        Path jar = HOME.resolve("examples/target/mana-examples.jar");
        assumeTrue(Files.isRegularFile(jar), "examples not built");
        return jar;
    }

    private static boolean hasFfmShims() throws IOException {
        Path dir = HOME.resolve(".mana/lowerhalf-ffm");
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (var s = Files.list(dir)) {
            return s.anyMatch(d -> Files.isRegularFile(d.resolve("mpi-ffm.jar")) && Files.isRegularFile(d.resolve("libmana_abi_mpich.so"))
                    && Files.isRegularFile(d.resolve("libmana_abi_openmpi.so")));
        }
    }

    private static String checksum(String output) {
        Matcher m = CHECKSUM.matcher(output);
        assertTrue(m.find(), "no checksum in:\n" + output);
        return m.group(1);
    }

    private static String run(Path dir, List<String> cmd) throws Exception {
        return run(dir, cmd, Map.of());
    }

    private static String run(Path dir, List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("MANA_SKIP_SETUP_CHECK", "1");
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        reader.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            reader.join(5000);
            throw new AssertionError("timed out: " + cmd + "\n" + out.toString(StandardCharsets.UTF_8));
        }
        reader.join(10000);
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ":\n" + text);
        return text;
    }
}
