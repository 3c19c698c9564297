package mana.launcher.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code mana bench startup [ROUNDS | --rounds N] [--np 1,2,4] [--mpi NAME]}: how long a job takes to start
 * and to end, raw ({@code mpirun -np N java -cp mpi.jar:mana-bench.jar mana.bench.StartupHello})
 * against MANA ({@code ./mana run -np N --class mana.bench.StartupHello mana-bench.jar}, the
 * script as a user types it), alternating (raw first in even rounds, MANA first in odd ones),
 * one job at a time. Per job: launch until the last rank entered {@code main}, from then until
 * the job exited, the total, and the processor time of all the job's processes (on a machine
 * shared with other work the wall times vary; the processor time much less); the table gives
 * medians and MANA minus raw.
 */
public final class StartupBench {
    static final String HELLO = "mana.bench.StartupHello";
    static final long JOB_TIMEOUT_S = 300;

    /** What to run: rounds and rank counts. */
    public record Options(int rounds, List<Integer> ranks) {
    }

    /** How to start the two kinds of job; the rank count is appended by {@link #command}. */
    public record Commands(List<String> rawPrefix, List<String> rawSuffix, List<String> manaPrefix, List<String> manaSuffix) {
        List<String> command(boolean mana, int np) {
            List<String> c = new ArrayList<>(mana ? manaPrefix : rawPrefix);
            c.addAll(List.of("-np", Integer.toString(np)));
            c.addAll(mana ? manaSuffix : rawSuffix);
            return c;
        }
    }

    /** A bad argument: the message is the one line the user sees. */
    public static final class BadArgs extends Exception {
        BadArgs(String message) {
            super(message);
        }
    }

    private StartupBench() {
    }

    public static Options parse(List<String> args) throws BadArgs {
        int rounds = 5;
        List<Integer> ranks = List.of(1, 2, 4);
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--rounds") || a.equals("--np")) {
                if (i + 1 >= args.size()) {
                    throw new BadArgs(a + " needs a value");
                }
                String v = args.get(++i);
                if (a.equals("--rounds")) {
                    rounds = positive("--rounds", v, 1000);
                } else {
                    List<Integer> list = new ArrayList<>();
                    for (String n : v.split(",", -1)) {
                        list.add(positive("--np", n, 64));
                    }
                    ranks = List.copyOf(list);
                }
            } else if (a.matches("[0-9]+")) {
                rounds = positive("ROUNDS", a, 1000);
            } else {
                throw new BadArgs("unknown argument '" + a + "'");
            }
        }
        return new Options(rounds, ranks);
    }

    private static int positive(String what, String v, int max) throws BadArgs {
        if (!v.matches("[1-9][0-9]{0,3}") || Integer.parseInt(v) > max) {
            throw new BadArgs(what + " must be a whole number from 1 to " + max + ", not '" + v + "'");
        }
        return Integer.parseInt(v);
    }

    /**
     * @param mpirunOptions what mana run adds to mpirun (--oversubscribe ...), given to the raw jobs too
     */
    public static Commands commands(Path mpirun, Path java, Path lowerHalfJar, Path benchJar, Path manaScript,
            List<String> mpirunOptions) {
        return commands(mpirun, java, List.of(), lowerHalfJar, benchJar, manaScript, mpirunOptions, List.of());
    }

    /**
     * The same for another lower half ({@code --mpi}): the raw job runs on its JVM with its JVM
     * options and jar, the MANA job gets {@code manaOptions} ({@code --mpi NAME}).
     */
    public static Commands commands(Path mpirun, Path java, List<String> jvmOptions, Path lowerHalfJar, Path benchJar,
            Path manaScript, List<String> mpirunOptions, List<String> manaOptions) {
        List<String> raw = new ArrayList<>(List.of(mpirun.toString()));
        raw.addAll(mpirunOptions);
        List<String> rawJava = new ArrayList<>(List.of(java.toString()));
        rawJava.addAll(jvmOptions);
        rawJava.addAll(List.of("-cp", lowerHalfJar + ":" + benchJar, HELLO));
        List<String> mana = new ArrayList<>(List.of(manaScript.toString(), "run"));
        mana.addAll(manaOptions);
        return new Commands(raw, rawJava, mana, List.of("--class", HELLO, benchJar.toString()));
    }

    /** Runs the rounds and prints the table; 0, or 1 when a job failed (its output is shown). */
    public static int run(Options o, Commands c) {
        Map<String, List<StartupSample>> samples = new LinkedHashMap<>();
        System.out.printf("# start-up, %d alternating rounds; raw: %s; MANA: %s%n", o.rounds(),
                String.join(" ", c.command(false, 0)).replace(" -np 0", " -np N"),
                String.join(" ", c.command(true, 0)).replace(" -np 0", " -np N"));
        for (int r = 0; r < o.rounds(); r++) {
            StringBuilder progress = new StringBuilder("[bench startup] round " + (r + 1) + "/" + o.rounds() + ":");
            for (int np : o.ranks()) {
                for (int k = 0; k < 2; k++) {
                    boolean mana = (k == 0) == (r % 2 == 1);
                    StartupSample s;
                    try {
                        s = runOnce(c.command(mana, np), np);
                    } catch (StartupSample.BadOutput e) {
                        System.err.println("[bench startup] " + (mana ? "MANA" : "raw") + " job with " + np + " ranks: "
                                + e.getMessage());
                        return 1;
                    }
                    samples.computeIfAbsent(key(np, mana), x -> new ArrayList<>()).add(s);
                    progress.append(String.format(" np %d %s %.2f s", np, mana ? "MANA" : "raw", s.total() / 1e9));
                }
            }
            System.err.println(progress);
        }
        System.err.flush();
        System.out.print(table(o.ranks(), samples));
        return 0;
    }

    static String key(int np, boolean mana) {
        return np + (mana ? " MANA" : " raw");
    }

    /** Medians in milliseconds per rank count: raw, MANA, and MANA minus raw (medians; paired: per round). */
    static String table(List<Integer> ranks, Map<String, List<StartupSample>> samples) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-3s %-14s %12s %12s %10s %10s%n", "np", "", "launch→main", "main→exit", "total", "cpu"));
        for (int np : ranks) {
            List<StartupSample> raw = samples.get(key(np, false));
            List<StartupSample> mana = samples.get(key(np, true));
            double[] r = medians(raw);
            double[] m = medians(mana);
            sb.append(String.format("%-3d %-14s %9.0f ms %9.0f ms %7.0f ms %7.0f ms%n", np, "raw", r[0], r[1], r[2], r[3]));
            sb.append(String.format("%-3d %-14s %9.0f ms %9.0f ms %7.0f ms %7.0f ms%n", np, "MANA", m[0], m[1], m[2], m[3]));
            List<Long> paired = new ArrayList<>();
            for (int i = 0; i < Math.min(raw.size(), mana.size()); i++) {
                paired.add(mana.get(i).total() - raw.get(i).total());
            }
            sb.append(String.format("%-3d %-14s %+9.0f ms %+9.0f ms %+7.0f ms %+7.0f ms   (total, paired per round: %+.0f ms)%n",
                    np, "MANA − raw", m[0] - r[0], m[1] - r[1], m[2] - r[2], m[3] - r[3], StartupSample.median(paired) / 1e6));
        }
        return sb.toString();
    }

    private static double[] medians(List<StartupSample> s) {
        return new double[] {StartupSample.median(s.stream().map(StartupSample::toMain).toList()) / 1e6,
            StartupSample.median(s.stream().map(StartupSample::mainToExit).toList()) / 1e6,
            StartupSample.median(s.stream().map(StartupSample::total).toList()) / 1e6,
            StartupSample.median(s.stream().map(StartupSample::cpu).toList()) / 1e6};
    }

    private static StartupSample runOnce(List<String> cmd, int np) throws StartupSample.BadOutput {
        Path out = null;
        Path err = null;
        try {
            out = Files.createTempFile("mana-bench-startup-", ".out");
            err = Files.createTempFile("mana-bench-startup-", ".err");
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            long cpu0 = StartupSample.childrenCpuNanos();
            long launch = epochNanos();
            Process p = pb.start();
            if (!p.waitFor(JOB_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new StartupSample.BadOutput("did not end within " + JOB_TIMEOUT_S + " s: " + String.join(" ", cmd));
            }
            long end = epochNanos();
            long cpu1 = StartupSample.childrenCpuNanos();
            String stdout = Files.readString(out);
            if (p.exitValue() != 0) {
                throw new StartupSample.BadOutput("exit " + p.exitValue() + ": " + String.join(" ", cmd) + "\n" + stdout
                        + Files.readString(err));
            }
            try {
                return StartupSample.of(stdout, np, launch, end, cpu0 < 0 || cpu1 < 0 ? -1 : cpu1 - cpu0);
            } catch (StartupSample.BadOutput e) {
                throw new StartupSample.BadOutput(e.getMessage() + ": " + String.join(" ", cmd) + "\n" + stdout + Files.readString(err));
            }
        } catch (IOException e) {
            throw new StartupSample.BadOutput("cannot run " + cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartupSample.BadOutput("interrupted");
        } finally {
            for (Path p : new Path[] {out, err}) {
                if (p != null) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ignored) {
                        // a temp file
                    }
                }
            }
        }
    }

    private static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
