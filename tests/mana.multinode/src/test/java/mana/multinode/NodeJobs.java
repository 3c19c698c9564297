package mana.multinode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The simulated nodes of one test class (up before its first test, removed after its last:
 * {@code @RegisterExtension static final NodeJobs jobs = new NodeJobs("mn-x", nodes, slots)}) and
 * what the multi-node tests run on them.
 */
final class NodeJobs implements BeforeAllCallback, AfterAllCallback {
    private final String name;
    private final int count;
    private final int slots;
    private SimNodes nodes;
    /**
     * The job files of this class's jobs ({@code -Dmana.jobs.dir}), removed after its last test:
     * a job whose head node a test kills leaves its file behind, and a file of another node is
     * never judged gone by {@code mana} (it cannot see that node's processes), so in the user's
     * {@code ~/.mana/jobs} it would stay and make {@code mana checkpoint} ask which job is meant.
     */
    private Path jobsDir;

    NodeJobs(String name, int count, int slots) {
        this.name = name;
        this.count = count;
        this.slots = slots;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        jobsDir = Files.createTempDirectory("mana-jobs-" + name + "-");
        nodes = SimNodes.up(name, count, slots);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (nodes != null) {
            nodes.close();
            nodes = null;
        }
        if (jobsDir != null) {
            try (Stream<Path> files = Files.walk(jobsDir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            } catch (IOException e) {
                System.err.println("cannot remove " + jobsDir + ": " + e);
            }
            jobsDir = null;
        }
    }

    /** Where this class's jobs write their job files. */
    Path jobsDir() {
        if (jobsDir == null) {
            throw new IllegalStateException("the simulated nodes " + name + " are not up");
        }
        return jobsDir;
    }

    SimNodes nodes() {
        if (nodes == null) {
            throw new IllegalStateException("the simulated nodes " + name + " are not up");
        }
        return nodes;
    }

    /** {@code mana ARGS} as run on a node; {@code run} gets the nodes' mpirun options first. */
    List<String> mana(String... args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Dmana.home=" + ManaJob.home(), "-Dmana.jobs.dir=" + jobsDir(), "-jar", ManaJob.launcherJar().toString()));
        cmd.add(args[0]);
        if (args[0].equals("run")) {
            cmd.addAll(nodes().mpirunOptions());
        }
        cmd.addAll(List.of(args).subList(1, args.length));
        return cmd;
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static Path examples() {
        return ManaJob.home().resolve("examples/target/mana-examples.jar");
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> w = Files.walk(dir)) {
            for (Path p : w.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The job's run.out and run.err in {@code dir}, for assertion messages. */
    static String logs(Path dir) {
        try {
            return "\n--- run.out\n" + Files.readString(dir.resolve("run.out")) + "--- run.err\n" + Files.readString(dir.resolve("run.err"));
        } catch (IOException e) {
            return "";
        }
    }
}
