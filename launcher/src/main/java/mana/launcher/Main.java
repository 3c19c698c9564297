package mana.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import mana.launcher.bench.StartupBench;
import mana.launcher.rank.RankLauncher;

/**
 * The {@code mana} command line (started by the {@code ./mana} script):
 * {@code run}, {@code demo}, {@code test}, {@code version}, {@code help}; {@code rank} is
 * internal (what mpirun starts on every rank). User errors are one line and exit 2.
 */
public final class Main {

    static final String HELP = """
            usage: mana COMMAND [ARGS]

            Commands:
              run [-np N] APP.jar [args]   run an MPI Java application under MANA (see mana run --help)
              checkpoint [JOB] [--exit]    checkpoint a running job (--exit: then end it cleanly)
              restart [CKPT_ROOT] [--strict] [-np N] [--mpi NAME] [options]
                                           start a job again from its newest complete checkpoint
                                           (--mpi: on another MPI library than it ran on)
              jobs                         list this user's running jobs
              shell [JOB] [--rank R | --all] [-c COMMAND]
                                           Gogo commands on the ranks of a running job
              demo [basic|transparent]     a ring on 3 ranks: run, checkpoint mid-run, kill -9, restart,
                                           same answer; basic: Open MPI's Hello and Pi on 4 ranks;
                                           transparent: the same with a ring that has no MANA import
                                           (mana run --transparent)
              bench p2p|allreduce|bcast|alltoall|coll|all [ROUNDS] [--calibrate] [--mpi NAME,...]
                                           MANA vs the raw lower half in the same job (--mpi:
                                           one job per lower half, e.g. openmpi-jni,openmpi,mpich):
                                           ping-pong 8 B..4 MiB (2 ranks); allreduce, bcast,
                                           alltoall 8 B..1 MiB (4 ranks); coll = the three;
                                           --calibrate: raw against raw (this machine's noise)
              bench startup [--rounds N] [--np 1,2,4] [--mpi NAME]
                                           job start-up: mpirun java vs mana run of a hello,
                                           alternating; launch->main, main->exit, total, cpu
              test [MAVEN ARGS]            build everything with tests (mvn install) and check
                                           that the in-framework tests ran
              setup [--force|--check]      install Open MPI, build the lower half and the platform
                                           (./mana script only)
              version                      print versions
              help                         this help

            Internal: rank [--class MAIN] APP.jar [args]   (started by mpirun on every rank)
            """;

    private Main() {
    }

    public static void main(String[] argv) {
        if (argv.length > 0 && argv[0].equals("rank")) {
            RankLauncher.main(Arrays.copyOfRange(argv, 1, argv.length)); // never returns
            return;
        }
        mana.launcher.rank.StartupTrace.Cli.mark("CLI JVM start -> main");
        int status;
        try {
            status = run(Arrays.asList(argv));
        } catch (UsageError e) {
            System.err.println(e.line());
            status = 2;
        } catch (RuntimeException e) {
            // A bug, not a user error: still one line, never a stack trace (-Dmana.verbose=true shows it).
            System.err.println("mana: internal error: " + e);
            if (Boolean.getBoolean("mana.verbose")) {
                e.printStackTrace();
            }
            status = 1;
        }
        mana.launcher.rank.StartupTrace.Cli.mark("CLI after the job: coordinator closed, job folder removed");
        mana.launcher.rank.StartupTrace.Cli.print();
        System.exit(status);
    }

    static int run(List<String> argv) throws UsageError {
        if (argv.isEmpty()) {
            System.err.print(HELP);
            return 2;
        }
        String cmd = argv.get(0);
        List<String> rest = argv.subList(1, argv.size());
        switch (cmd) {
            case "run":
                return RunCommand.run(rest);
            case "checkpoint":
                return ClientCommands.checkpoint(rest);
            case "restart":
                return RestartCommand.run(rest);
            case "jobs":
                return ClientCommands.jobs(rest);
            case "shell":
                return ShellCommand.run(rest);
            case "demo":
                return demo(rest);
            case "test":
                return TestCommand.run(rest);
            case "bench":
                return bench(rest);
            case "help":
            case "--help":
            case "-h":
                System.out.print(HELP);
                return 0;
            case "version":
            case "--version":
                System.out.println(version());
                return 0;
            case "setup":
                throw new UsageError(null, "setup is run by the ./mana script (./mana setup)");
            default:
                throw new UsageError(null, "unknown command '" + cmd + "' (see mana help)");
        }
    }

    static int demo(List<String> args) throws UsageError {
        if (args.isEmpty()) {
            return DemoCommand.run(false);
        }
        if (args.equals(List.of("transparent"))) {
            return DemoCommand.run(true);
        }
        if (!args.equals(List.of("basic"))) {
            throw new UsageError("demo", "usage: mana demo [basic|transparent]");
        }
        Path examples = Dist.home().resolve("examples").resolve("target");
        int status = 0;
        for (String jar : List.of("hello.jar", "mana-examples.jar")) {
            Path p = examples.resolve(jar);
            if (!Files.isRegularFile(p)) {
                throw new UsageError("demo", p + " not found (build with ./mana setup)");
            }
            System.out.println("[mana demo] mana run -np 4 " + p);
            int s = RunCommand.run(List.of("-np", "4", p.toString()));
            System.out.println("[mana demo] " + jar + ": exit " + s);
            if (s != 0 && status == 0) {
                status = s;
            }
        }
        return status;
    }

    static int bench(List<String> args) throws UsageError {
        if (!args.isEmpty() && args.get(0).equals("startup")) {
            return startupBench(args.subList(1, args.size()));
        }
        List<String> rest = new java.util.ArrayList<>(args);
        boolean calibrate = rest.remove("--calibrate");
        String usage = "usage: mana bench p2p|allreduce|bcast|alltoall|coll|all [ROUNDS] [--calibrate] [--mpi NAME[,NAME...]]";
        List<mana.launcher.mpi.MpiImplementation> mpis = new java.util.ArrayList<>();
        int at = rest.indexOf("--mpi");
        if (at >= 0) {
            if (at + 1 >= rest.size()) {
                throw new UsageError("bench", "--mpi needs one or more of " + mana.launcher.mpi.MpiImplementation.names()
                        + ", separated by commas");
            }
            for (String n : rest.get(at + 1).split(",")) {
                mpis.add(mana.launcher.mpi.MpiImplementation.byName(n).orElseThrow(() -> new UsageError("bench",
                        "--mpi expects " + mana.launcher.mpi.MpiImplementation.names() + " (comma-separated), not '" + n + "'")));
            }
            rest.subList(at, at + 2).clear();
        }
        if (mpis.isEmpty()) {
            mpis.add(null); // mana run's default, no --mpi on its command line
        }
        String what = rest.isEmpty() ? "all" : rest.get(0);
        if (!List.of("p2p", "allreduce", "bcast", "alltoall", "coll", "all").contains(what) || rest.size() > 2) {
            throw new UsageError("bench", usage);
        }
        if (calibrate && !what.equals("p2p")) {
            throw new UsageError("bench", "--calibrate measures the ping-pongs only: use it with p2p");
        }
        String rounds = rest.size() > 1 ? rest.get(1) : "5";
        if (!rounds.matches("[1-9][0-9]{0,3}")) {
            throw new UsageError("bench", "ROUNDS must be a positive integer, not '" + rounds + "'");
        }
        Path jar = Dist.home().resolve("benchmarks-mpi").resolve("target").resolve("mana-bench.jar");
        if (!Files.isRegularFile(jar)) {
            throw new UsageError("bench", jar + " not found (build with ./mana setup)");
        }
        int status = 0;
        // One lower half after the other, each job measuring MANA against that lower half called directly ("raw").
        for (mana.launcher.mpi.MpiImplementation mpi : mpis) {
            List<String> on = mpi == null ? List.of() : List.of("--mpi", mpi.cliName());
            if (mpi != null) {
                System.out.println("\n# --mpi " + mpi.cliName() + " (raw: the " + (mpi.ffm() ? "FFM lower half on " + mpi.ffmName()
                        : "Open MPI JNI binding") + ")");
                System.out.flush();
            }
            if (what.equals("p2p") || what.equals("all")) {
                List<String> run = new java.util.ArrayList<>(on);
                run.addAll(List.of("-np", "2", jar.toString(), "p2p", rounds));
                if (calibrate) {
                    run.add("calibrate");
                }
                status = RunCommand.run(run);
            }
            if (status == 0 && !what.equals("p2p")) {
                List<String> run = new java.util.ArrayList<>(on);
                run.addAll(List.of("-np", "4", jar.toString(), what.equals("all") ? "coll" : what, rounds));
                status = RunCommand.run(run);
            }
            if (status != 0) {
                return status;
            }
            if (mpi != null && !calibrate && (what.equals("p2p") || what.equals("all"))) {
                try {
                    status = mana.launcher.bench.CPingPong.run(mpi, Dist.home(), rounds, Dist.isRootUser());
                } catch (java.io.IOException e) {
                    System.out.println("# C reference left out: " + e.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 130;
                }
            }
        }
        return status;
    }

    static int startupBench(List<String> args) throws UsageError {
        StartupBench.Options o;
        mana.launcher.mpi.RankRuntime runtime;
        try {
            mana.launcher.mpi.MpiOption mpi = mana.launcher.mpi.MpiOption.extractAnywhere(args);
            o = StartupBench.parse(mpi.rest());
            runtime = mana.launcher.mpi.MpiOption.runtime(mpi.mpi() != null ? mpi.mpi() : mana.launcher.mpi.MpiImplementation.DEFAULT,
                    Dist.home(), Dist.java());
        } catch (StartupBench.BadArgs | mana.launcher.mpi.MpiOption.Invalid e) {
            throw new UsageError("bench", "startup: " + e.getMessage()
                    + " (usage: mana bench startup [--rounds N] [--np 1,2,4] [--mpi NAME])");
        }
        Path jar = Dist.home().resolve("benchmarks-mpi").resolve("target").resolve("mana-bench.jar");
        Path lower = runtime.ffm() ? runtime.lowerHalfJar() : Dist.dir().resolve("lib").resolve("mana.lowerhalf.jar");
        Path script = Dist.home().resolve("mana");
        for (Path p : List.of(jar, lower, script)) {
            if (!Files.isRegularFile(p)) {
                throw new UsageError("bench", p + " not found (build with ./mana setup)");
            }
        }
        String mpirunName = runtime.mpi().mpirun();
        Path mpirun = Dist.onPath(mpirunName).orElseThrow(() -> new UsageError("bench", mpirunName + " not found on PATH (run ./mana setup)"));
        List<String> mpirunOptions = RunCommand.defaultMpirunOptions(List.of(), Dist.isRootUser());
        if (runtime.mpi().hydra()) {
            try {
                mpirunOptions = mana.launcher.mpi.HydraOptions.translate(mpirunOptions);
            } catch (mana.launcher.mpi.HydraOptions.Untranslatable e) {
                throw new UsageError("bench", e.getMessage());
            }
        }
        List<String> manaOptions = runtime.ffm() ? List.of("--mpi", runtime.mpi().cliName()) : List.of();
        return StartupBench.run(o, StartupBench.commands(mpirun, runtime.java(), runtime.jvmOptions(), lower, jar, script,
                mpirunOptions, manaOptions));
    }

    static String version() {
        Package pkg = Main.class.getPackage();
        String v = pkg == null ? null : pkg.getImplementationVersion();
        String felix = org.osgi.framework.launch.Framework.class.getPackage() == null ? null
                : org.osgi.framework.launch.Framework.class.getPackage().getImplementationVersion();
        return "mana " + (v == null ? "(development build)" : v) + " (Java " + System.getProperty("java.version")
                + (felix == null ? "" : ", OSGi framework API " + felix) + ")";
    }
}
