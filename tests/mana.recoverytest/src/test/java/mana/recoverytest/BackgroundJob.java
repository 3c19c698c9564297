package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import mana.testkit.ManaJob;

/** A {@code mana run} (or {@code mana restart}) running in the background, to checkpoint, inspect and kill. */
final class BackgroundJob implements AutoCloseable {
    final Process process;
    final String jobId;
    private final Path out;
    private final Path err;

    private BackgroundJob(Process p, String app, Path out, Path err) {
        this.process = p;
        this.jobId = app + "-" + p.pid();
        this.out = out;
        this.err = err;
    }

    /** {@code mana ARGS} in the background; {@code app} names the job (the main class's simple name). */
    static BackgroundJob start(Path logDir, String app, String... args) throws IOException {
        return start(logDir, app, List.of(), args);
    }

    /** The same with JVM options for the {@code mana} process (e.g. the coordinator's deadline). */
    static BackgroundJob start(Path logDir, String app, List<String> jvm, String... args) throws IOException {
        return start(logDir, app, jvm, java.util.Map.of(), args);
    }

    /** The same with environment variables for the {@code mana} process (e.g. MANA_JAVA_OPTS for the ranks). */
    static BackgroundJob start(Path logDir, String app, List<String> jvm, java.util.Map<String, String> env, String... args)
            throws IOException {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Dmana.home=" + ManaJob.home()));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-jar", ManaJob.launcherJar().toString()));
        cmd.addAll(List.of(args));
        Files.createDirectories(logDir);
        Path out = Files.createTempFile(logDir, app, ".out");
        Path err = Files.createTempFile(logDir, app, ".err");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ManaJob.home().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        System.out.println("$ " + String.join(" ", cmd) + " &  (pid " + p.pid() + ")");
        return new BackgroundJob(p, app, out, err);
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Waits until the job has printed {@code text} (at most 120 s, or until it ends), so that a
     * checkpoint cuts it in the middle of its run, not before its first printed line.
     */
    void awaitOutput(String text) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!out().contains(text) && process.isAlive() && System.nanoTime() < until) {
            Thread.sleep(50);
        }
    }

    /** {@code mana checkpoint JOB EXTRA}, retried while the ranks are still starting. */
    ManaJob.Run checkpointWhenReady(String... extra) throws InterruptedException {
        List<String> a = new ArrayList<>(List.of("checkpoint", jobId));
        a.addAll(List.of(extra));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            ManaJob.Run r = ManaJob.mana(a.toArray(String[]::new));
            boolean notYet = r.err().contains("cannot checkpoint now") || r.err().contains("no running job");
            if (!notYet || System.nanoTime() > until || !process.isAlive()) {
                return r;
            }
            Thread.sleep(500);
        }
    }

    /** Waits until ranks are attached (a shell command answers on every rank). */
    ManaJob.Run shellWhenReady(String... args) throws InterruptedException {
        List<String> a = new ArrayList<>(List.of("shell", jobId));
        a.addAll(List.of(args));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            ManaJob.Run r = ManaJob.mana(a.toArray(String[]::new));
            boolean notYet = r.out().contains("is not attached") || r.err().contains("no running job");
            if (!notYet || System.nanoTime() > until || !process.isAlive()) {
                return r;
            }
            Thread.sleep(500);
        }
    }

    /**
     * kill -9 of every rank, then of mpirun (killing mpirun alone leaves ranks running for a
     * while, long enough to finish a checkpoint).
     */
    void killAllRanks() {
        List<ProcessHandle> all = process.descendants().toList();
        all.stream().filter(h -> h.info().commandLine().map(BackgroundJob::isRankCommand).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
        all.forEach(ProcessHandle::destroyForcibly);
    }

    /** kill -9 of one rank's JVM, chosen at random; its pid. */
    long killOneRank(Random random) {
        List<ProcessHandle> ranks = process.descendants()
                .filter(h -> h.info().commandLine().map(BackgroundJob::isRankCommand).orElse(false)).toList();
        if (ranks.isEmpty()) {
            fail("no rank process found under " + process.pid());
        }
        ProcessHandle victim = ranks.get(random.nextInt(ranks.size()));
        victim.destroyForcibly();
        return victim.pid();
    }

    int waitFor() throws InterruptedException {
        if (!process.waitFor(ManaJob.TIMEOUT_S, TimeUnit.SECONDS)) {
            close();
            fail("job " + jobId + " did not end within " + ManaJob.TIMEOUT_S + " s:\n" + all());
        }
        return process.exitValue();
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    String all() {
        return "--- stdout\n" + out() + "--- stderr\n" + err();
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(cannot read " + p + ": " + e + ")";
        }
    }

    Optional<ProcessHandle> handle() {
        return Optional.of(process.toHandle());
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** A rank JVM: started through the boot class ({@code RankMain rank}) or the rank jar ({@code -jar mana-rank.jar rank}). */
    static boolean isRankCommand(String commandLine) {
        return commandLine.contains("RankMain rank") || commandLine.contains("mana-rank.jar rank");
    }
}
