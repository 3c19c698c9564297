package mana.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import mana.launcher.levels.LevelOptions;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.NoUsableCheckpointException;
import mana.ckpt.store.Selection;
import mana.launcher.coord.Coordinator;
import mana.launcher.mpi.MpiImplementation;
import mana.launcher.mpi.MpiOption;

/**
 * {@code mana restart [CKPT_ROOT] [--strict] [-np N] [checkpoint options]}: starts a job again
 * from the newest complete checkpoint under its root, with the launch description stored there.
 */
final class RestartCommand {
    static final String USAGE = "usage: mana restart [CKPT_ROOT] [--strict] [-np N] [--ckpt-interval D] [--max-restarts N] "
            + "[--ckpt-keep K] [--coord-bind ADDR] [--mpi openmpi-jni|openmpi|mpich]";

    private RestartCommand() {
    }

    static int run(List<String> argv) throws UsageError {
        if (argv.contains("-h") || argv.contains("--help")) {
            System.out.println(USAGE + "\n  CKPT_ROOT defaults to the only checkpoint root under ./mana-ckpt;"
                    + "\n  --strict refuses to fall back to an older checkpoint when the newest cannot be used;"
                    + "\n  --mpi NAME restarts on another MPI library than the job ran on (default: the job's).");
            return 0;
        }
        // The root may come first; options follow (or the other way round).
        MpiOption mpiOption;
        try {
            mpiOption = MpiOption.extractAnywhere(argv);
        } catch (MpiOption.Invalid e) {
            throw new UsageError("restart", e.getMessage());
        }
        List<String> args = new ArrayList<>(mpiOption.rest());
        String rootArg = null;
        if (!args.isEmpty() && !args.get(0).startsWith("-")) {
            rootArg = args.remove(0);
        }
        CkptOptions opts = CkptOptions.extract("restart", args, true);
        List<String> rest = new ArrayList<>(opts.rest());
        Integer np = null;
        while (!rest.isEmpty()) {
            String a = rest.remove(0);
            if (RunArgs.RANK_OPTIONS.contains(a) && !rest.isEmpty()) {
                np = positive(rest.remove(0));
            } else if (!a.startsWith("-") && rootArg == null) {
                rootArg = a;
            } else {
                throw new UsageError("restart", "unexpected argument '" + a + "' (" + USAGE + ")");
            }
        }
        Path root = rootArg != null ? Path.of(rootArg).toAbsolutePath().normalize() : defaultRoot();
        if (!Files.isDirectory(root)) {
            throw new UsageError("restart", root + ": no such checkpoint root");
        }
        List<String> launch = new ArrayList<>(JobRunner.launchArgs(root));
        MpiImplementation recorded = JobRunner.launchMpi(root);
        JobRunner.checkConstants(root, recorded);
        MpiImplementation mpi = mpiOption.mpi() != null ? mpiOption.mpi() : recorded;
        RunArgs stored = RunArgs.parse(launch);
        if (np != null) {
            launch = withRanks(launch, np);
        } else if (stored.ranks() != null) {
            np = stored.ranks();
        } else {
            throw new UsageError("restart", "the job was started without -np; give the rank count with -np N");
        }
        RunArgs ra = RunArgs.parse(launch);
        Selection sel;
        try {
            sel = new CheckpointStore(root, opts.keep()).newestUsable(np, opts.strict());
        } catch (NoUsableCheckpointException e) {
            String why = e.rejected().isEmpty() ? "no complete checkpoint in " + root
                    : e.rejected().get(0).reason().getMessage()
                            + (e.rejected().size() > 1 ? " (and " + (e.rejected().size() - 1) + " older checkpoint(s) refused too)" : "")
                            + (opts.strict() && e.rejected().size() == 1 ? " (--strict: no fallback)" : "");
            throw new UsageError("restart", "cannot restart: " + oneLine(why));
        } catch (IOException e) {
            throw new UsageError("restart", "cannot read " + root + ": " + e.getMessage());
        }
        JobRunner.reportSkipped(new CheckpointStore(root, opts.keep()), sel, "[mana restart] ");
        LevelOptions levels = opts.levels().orElse(LevelOptions.load(root.resolve(Coordinator.LAUNCH_FILE)));
        if (levels.enabled()) {
            System.err.println("[mana restart] checkpoint levels: " + levels.describe());
        }

        System.err.println("[mana restart] restarting " + ra.describe() + " on " + np + " ranks from checkpoint " + sel.chosen().seq()
                + " (" + sel.chosen().dir() + ")" + LevelOptions.levelNote(sel.manifest())
                + (mpi != recorded ? "; it ran on " + recorded.cliName() + ", now on " + mpi.cliName()
                : mpi != MpiImplementation.DEFAULT ? " on " + mpi.cliName() : ""));
        CkptOptions runOpts = new CkptOptions(root.toString(), opts.interval(), opts.keep(), opts.maxRestarts(), opts.coordBind(),
                false, opts.ckptSignal(), launch, levels);
        return JobRunner.run("restart", runOpts, ra, root, sel, mpi);
    }

    static List<String> withRanks(List<String> launch, int np) {
        List<String> out = new ArrayList<>(launch);
        for (int i = 0; i + 1 < out.size(); i++) {
            if (RunArgs.RANK_OPTIONS.contains(out.get(i))) {
                out.set(i + 1, Integer.toString(np));
                return out;
            }
        }
        out.addAll(0, List.of("-np", Integer.toString(np)));
        return out;
    }

    private static Path defaultRoot() throws UsageError {
        Path base = Path.of("mana-ckpt").toAbsolutePath();
        List<Path> roots;
        try (Stream<Path> s = Files.list(base)) {
            roots = s.filter(p -> Files.isRegularFile(p.resolve(Coordinator.LAUNCH_FILE))).sorted().toList();
        } catch (IOException e) {
            throw new UsageError("restart", "no checkpoint root given and " + base + " does not exist (" + USAGE + ")");
        }
        if (roots.size() != 1) {
            throw new UsageError("restart", roots.isEmpty() ? "no checkpoint root under " + base + " (" + USAGE + ")"
                    : roots.size() + " checkpoint roots under " + base + "; name one: "
                            + String.join(", ", roots.stream().map(p -> p.getFileName().toString()).toList()));
        }
        return roots.get(0);
    }

    private static int positive(String s) throws UsageError {
        if (!s.matches("[1-9][0-9]{0,5}")) {
            throw new UsageError("restart", "-np expects a positive number of ranks, not '" + s + "'");
        }
        return Integer.parseInt(s);
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", "; ").trim();
    }
}
