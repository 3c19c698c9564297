package mana.lowerhalf.ffm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MANA jobs on the FFM lower half, checkpointed under one MPI and restarted under the other,
 * through the experimental tools/lowerhalf-ffm/mana-ffm (until ./mana run has --mpi). Opt-in
 * (-Dmana.ffm.crossRestart=true): about two minutes on a busy machine, and the launcher path it
 * takes is not the product's yet.
 */
class CrossRestartTest {

    private static final Path HOME = Path.of(System.getProperty("mana.home", "../..")).toAbsolutePath().normalize();
    private static final Pattern CHECKSUM = Pattern.compile("ring checksum: (\\p{XDigit}+)");

    @Test
    void nbRingCheckpointedUnderMpichRestartsUnderOpenMpiJniAndTheReverse(@TempDir Path dir) throws Exception {
        assumeTrue(Boolean.getBoolean("mana.ffm.crossRestart"), "opt-in: -Dmana.ffm.crossRestart=true");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mpirun.mpich")), "MPICH not installed");
        Path jar = HOME.resolve("examples/target/mana-examples.jar");
        assumeTrue(Files.isRegularFile(jar), "examples not built");
        Path ffm = HOME.resolve("tools/lowerhalf-ffm/mana-ffm");
        Path mana = HOME.resolve("mana");

        String reference = checksum(run(dir, List.of(mana.toString(), "run", "-np", "2", "--class",
                "mana.examples.NbRing", jar.toString(), "200", "20")));

        Path ck1 = dir.resolve("ck-mpich");
        String first = run(dir, List.of(ffm.toString(), "mpich", "run", "--ckpt-dir", ck1.toString(),
                "--ckpt-interval", "2s", "-np", "2", "--class", "mana.examples.NbRing", jar.toString(), "200", "20"));
        assertTrue(first.contains("committed"), "no checkpoint under MPICH:\n" + first);
        assertEquals(reference, checksum(first));
        String restarted = run(dir, List.of(mana.toString(), "restart", "--strict", ck1.toString()));
        assertTrue(restarted.contains("resumes at step"), restarted);
        assertEquals(reference, checksum(restarted), "MPICH checkpoint restarted under Open MPI's JNI binding");

        Path ck2 = dir.resolve("ck-openmpi");
        String second = run(dir, List.of(ffm.toString(), "openmpi", "run", "--ckpt-dir", ck2.toString(),
                "--ckpt-interval", "2s", "-np", "2", "--class", "mana.examples.NbRing", jar.toString(), "200", "20"));
        assertTrue(second.contains("committed"), "no checkpoint under Open MPI FFM:\n" + second);
        String onMpich = run(dir, List.of(ffm.toString(), "mpich", "restart", "--strict", ck2.toString()));
        assertTrue(onMpich.contains("resumes at step"), onMpich);
        assertEquals(reference, checksum(onMpich), "Open MPI (FFM) checkpoint restarted under MPICH (FFM)");
    }

    private static String checksum(String output) {
        Matcher m = CHECKSUM.matcher(output);
        assertTrue(m.find(), "no checksum in:\n" + output);
        return m.group(1);
    }

    private static String run(Path dir, List<String> cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("MANA_SKIP_SETUP_CHECK", "1");
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
