package mana.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import mana.launcher.coord.CoordClient;
import mana.launcher.coord.JobFile;
import mana.launcher.coord.Wire;

/**
 * {@code mana demo}: the product end to end on 3 real ranks. Runs the NbRing example (a ring
 * with a message always in flight) once uninterrupted, then again with a checkpoint mid-run,
 * kills every rank with SIGKILL, restarts from the checkpoint, and compares the two answers.
 * {@code mana demo transparent} does the same with PlainRing (no MANA import, no safe point)
 * under {@code mana run --transparent}.
 */
final class DemoCommand {
    static final String MAIN = "mana.examples.NbRing";
    static final String STEPS = "200";
    static final String MS = "25";
    static final String PLAIN_MAIN = "mana.examples.plain.PlainRing";
    static final String PLAIN_ROUNDS = "300";

    private DemoCommand() {
    }

    static int run(boolean transparent) throws UsageError {
        String main = transparent ? PLAIN_MAIN : MAIN;
        String n = transparent ? PLAIN_ROUNDS : STEPS;
        String answer = transparent ? "plain ring checksum" : "ring checksum:";
        Path jar = Dist.home().resolve("examples").resolve("target").resolve("mana-examples.jar");
        if (!Files.isRegularFile(jar)) {
            throw new UsageError("demo", jar + " not found (build with ./mana setup)");
        }
        Path root;
        try {
            root = Files.createTempDirectory("mana-demo-");
        } catch (IOException e) {
            throw new UsageError("demo", "cannot create a checkpoint directory: " + e.getMessage());
        }
        try {
            List<String> run = new ArrayList<>(List.of("run", "-np", "3", "--ckpt-dir", root.resolve("ckpt").toString(), "--class", main,
                    jar.toString(), n, MS));
            if (transparent) {
                run.add(1, "--transparent");
            }
            say("1/4  an uninterrupted run: mana run " + (transparent ? "--transparent " : "") + "-np 3 --class " + main
                    + " mana-examples.jar " + n + " " + MS);
            Job plain = Job.start(withDir(run, root.resolve("plain")), answer);
            int s = plain.waitFor();
            Optional<String> expected = plain.checksum();
            if (s != 0 || expected.isEmpty()) {
                say("the uninterrupted run failed (exit " + s + ")");
                return s != 0 ? s : 1;
            }
            say("     answer: " + expected.get());

            say("2/4  the same job again; mana checkpoint while it runs");
            Job job = Job.start(run, answer);
            String jobId = main.substring(main.lastIndexOf('.') + 1) + "-" + job.process.pid();
            awaitRanks(job, jobId);
            Thread.sleep(1500); // let the ring get going: the cut then falls mid-run
            int ck = 1;
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (job.process.isAlive() && System.nanoTime() < until) {
                Job c = Job.start(List.of("checkpoint", jobId), answer);
                ck = c.waitFor();
                if (ck == 0 || !c.output().contains("cannot checkpoint now") && !c.output().contains("no running job")) {
                    c.print();
                    break;
                }
                Thread.sleep(300);
            }
            if (ck != 0) {
                job.kill();
                say("the checkpoint did not commit; stopping the demo");
                return 1;
            }
            say("3/4  kill -9 of every rank (mpirun and its children)");
            job.kill();
            job.waitFor();
            if (job.checksum().isPresent()) {
                say("     (the job had already finished; the restart below still shows the checkpoint's answer)");
            }
            say("4/4  mana restart " + root.resolve("ckpt"));
            Job restart = Job.start(List.of("restart", root.resolve("ckpt").toString()), answer);
            int rs = restart.waitFor();
            Optional<String> got = restart.checksum();
            if (rs != 0 || got.isEmpty()) {
                say("the restart failed (exit " + rs + ")");
                return rs != 0 ? rs : 1;
            }
            say("     answer: " + got.get());
            boolean same = got.get().equals(expected.get());
            say(same ? "same answer as the uninterrupted run: checkpointed, killed, restarted, bit for bit"
                    : "DIFFERENT answers: " + expected.get() + " vs " + got.get());
            return same ? 0 : 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            RunCommand.deleteQuietly(root);
        }
    }

    /** Waits until every rank of the job runs the application (past MPI_Init), or the job ends, or 90 s. */
    private static void awaitRanks(Job job, String jobId) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (job.process.isAlive() && System.nanoTime() < until) {
            try (CoordClient c = new CoordClient(JobFile.find(Optional.of(jobId)))) {
                c.send("STATUS");
                String[] f = c.next();
                if (f != null && f[0].equals("DONE") && Wire.untext(f[2]).contains("3 of 3 ranks running")) {
                    return;
                }
            } catch (IOException | JobFile.LookupError e) {
                // not started yet
            }
            Thread.sleep(200);
        }
    }

    private static List<String> withDir(List<String> run, Path dir) {
        List<String> l = new ArrayList<>(run);
        l.set(l.indexOf("--ckpt-dir") + 1, dir.toString());
        return l;
    }

    static void say(String s) {
        System.out.println("[mana demo] " + s);
        System.out.flush();
    }

    /** This CLI in a child JVM, its output echoed with an indent. */
    static final class Job {
        final Process process;
        private final StringBuilder out = new StringBuilder();
        private final Thread pump;
        private final String answer;

        private Job(Process p, String answer) {
            process = p;
            this.answer = answer;
            pump = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        synchronized (out) {
                            out.append(line).append('\n');
                        }
                        if (!line.startsWith("[mana checkpoint]") && !line.startsWith("mana checkpoint:")) {
                            System.out.println("     | " + line);
                        }
                    }
                } catch (IOException ignored) {
                    // the child is gone
                }
            }, "mana-demo-output");
            pump.setDaemon(true);
            pump.start();
        }

        static Job start(List<String> args, String answer) throws UsageError {
            List<String> cmd = new ArrayList<>(List.of(Dist.java().toString(), "-Dmana.home=" + Dist.home(), "-jar",
                    Dist.launcherJar().toString()));
            cmd.addAll(args);
            try {
                return new Job(new ProcessBuilder(cmd).redirectErrorStream(true).start(), answer);
            } catch (IOException e) {
                throw new UsageError("demo", "cannot start " + cmd.get(0) + ": " + e.getMessage());
            }
        }

        int waitFor() throws InterruptedException {
            int s = process.waitFor();
            pump.join(5000);
            return s;
        }

        void kill() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
        }

        String output() {
            synchronized (out) {
                return out.toString();
            }
        }

        void print() {
            output().lines().forEach(l -> System.out.println("     | " + l));
        }

        Optional<String> checksum() {
            return output().lines().filter(l -> l.startsWith(answer)).findFirst();
        }
    }
}
