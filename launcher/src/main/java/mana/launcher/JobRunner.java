package mana.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.NoUsableCheckpointException;
import mana.ckpt.store.Selection;
import mana.launcher.coord.CoordTls;
import mana.launcher.rank.StartupTrace;
import mana.launcher.levels.LevelOptions;
import mana.launcher.levels.NodeProbe;
import mana.launcher.startup.AppBundleCache;
import mana.launcher.startup.RankJit;
import mana.launcher.startup.AotCache;
import mana.launcher.startup.StartupCache;
import mana.launcher.coord.Coordinator;
import mana.launcher.coord.JobFile;
import mana.launcher.mpi.HydraOptions;
import mana.launcher.mpi.MpiImplementation;
import mana.launcher.mpi.MpiOption;
import mana.launcher.mpi.RankRuntime;
import mana.launcher.rank.AppBundle;
import mana.launcher.rank.AppBundleFile;
import mana.launcher.rank.SafePointUse;
import mana.launcher.rank.AppClassPath;

/**
 * Runs one job under its coordinator: {@code mana run} and {@code mana restart}. Writes the job
 * file, passes the coordinator's address, the job id and the token to every rank in the
 * environment (mpirun {@code -x}, so they never appear on a command line), and restarts the job
 * from its newest complete checkpoint when mpirun fails and {@code --max-restarts} allows it.
 */
final class JobRunner {
    static final String ENV_COORD = "MANA_COORD";
    /** Rank JVM property at a restart: what the program passed to MPI.InitThread (read by mana.ckpt.heap's TransparentMain). */
    static final String INIT_THREAD_PROPERTY = "mana.restart.initThread";
    static final String ENV_JOB = "MANA_JOB_ID";
    static final String ENV_TOKEN = "MANA_JOB_TOKEN";
    /** Off loopback: the file (0600, on the shared file system) that holds the token, instead of {@link #ENV_TOKEN}. */
    static final String ENV_TOKEN_FILE = "MANA_JOB_TOKEN_FILE";
    /** SHA-256 fingerprint of the coordinator's TLS certificate; set when the coordinator is off loopback. */
    static final String ENV_TLS = "MANA_COORD_TLS";

    private JobRunner() {
    }

    static int run(List<String> argv) throws UsageError {
        MpiOption mpi = mpiOption("run", argv);
        CkptOptions opts = CkptOptions.extract("run", mpi.rest(), false);
        RunArgs ra = RunArgs.parse(opts.rest());
        if (ra.help()) {
            System.out.print(ShellOptions.help(RunArgs.HELP));
            System.out.print(CkptOptions.HELP);
            System.out.print(MpiOption.HELP);
            return 0;
        }
        Path root = opts.ckptDir() != null ? Path.of(opts.ckptDir()).toAbsolutePath().normalize()
                : Path.of("mana-ckpt", appName(ra)).toAbsolutePath().normalize();
        MpiImplementation impl = mpi.mpi() != null ? mpi.mpi() : MpiImplementation.DEFAULT;
        return run("run", opts, ra, root, null, impl);
    }

    /** --mpi taken out of a mana run/restart command line (before the application). */
    static MpiOption mpiOption(String command, List<String> argv) throws UsageError {
        try {
            return MpiOption.extract(argv, a -> RunArgs.MPIRUN_VALUES.getOrDefault(a,
                    CkptOptions.RUN_VALUES.contains(a) || CkptOptions.WITH_VALUE.contains(a) || a.equals("--plugins")
                            || a.equals("--without-bundle") ? 1 : 0));
        } catch (MpiOption.Invalid e) {
            throw new UsageError(command, e.getMessage());
        }
    }

    /** How the ranks run for {@code mpi}; a one-line error when what it needs is missing. */
    static RankRuntime rankRuntime(String command, MpiImplementation mpi) throws UsageError {
        try {
            return MpiOption.runtime(mpi, Dist.home(), Dist.java());
        } catch (MpiOption.Invalid e) {
            throw new UsageError(command, e.getMessage());
        }
    }

    static String appName(RunArgs ra) {
        if (ra.mainClass() != null) {
            String c = ra.mainClass();
            return c.substring(c.lastIndexOf('.') + 1);
        }
        return AppBundle.symbolicNameOf(Path.of(ra.app()));
    }

    /**
     * What the ranks run: a jar, or a class path (-cp, or a class directory given as the
     * application). Checks it before mpirun starts, so that a missing jar, an empty class path or
     * a main class that is not there is one line and exit 2 rather than an error on every rank.
     *
     * @param rankArgs how the rank launcher is told (APP.jar, or --classpath CP --)
     */
    record AppInput(Path jar, AppClassPath classPath, String mainClass, List<String> rankArgs) {
    }

    static AppInput checkApp(String command, RunArgs ra) throws UsageError {
        try {
            if (ra.classPath() != null || Files.isDirectory(Path.of(ra.app()))) {
                AppClassPath cp = ra.classPath() != null ? AppClassPath.parse(ra.classPath(), Path.of("").toAbsolutePath())
                        : AppClassPath.of(Path.of(ra.app()));
                if (!cp.missing().isEmpty()) {
                    System.err.println("mana " + command + ": warning: class path entries not found (left out, as java does): "
                            + String.join(", ", cp.missing()));
                }
                if (ra.mainClass() == null) {
                    throw new UsageError(command, ra.app() + " is a directory: give the main class with --class NAME");
                }
                checkMainClass(command, cp, ra.mainClass());
                return new AppInput(null, cp, ra.mainClass(), List.of("--classpath", cp.joined(), "--"));
            }
            Path jar = RunCommand.checkJar(ra.app());
            AppClassPath withDependencies = AppClassPath.of(jar);
            if (withDependencies.entries().size() > 1) {
                // its manifest's Class-Path names more jars: run it as the class path java would search
                String main = ra.mainClass() != null ? ra.mainClass() : AppClassPath.mainClassOf(jar);
                if (main == null || main.isBlank()) {
                    throw new UsageError(command, jar.getFileName() + " has no Main-Class; give one with --class NAME");
                }
                checkMainClass(command, withDependencies, main);
                List<String> rankArgs = new java.util.ArrayList<>();
                if (ra.mainClass() == null) {
                    rankArgs.addAll(List.of("--class", main)); // otherwise the rank command names it already
                }
                rankArgs.addAll(List.of("--classpath", withDependencies.joined(), "--"));
                return new AppInput(null, withDependencies, main, rankArgs);
            }
            if (ra.mainClass() != null) {
                checkMainClass(command, AppClassPath.of(jar), ra.mainClass());
            }
            return new AppInput(jar, null, ra.mainClass(), List.of(jar.toString()));
        } catch (AppClassPath.ClassPathError e) {
            throw new UsageError(command, e.getMessage());
        }
    }

    private static void checkMainClass(String command, AppClassPath cp, String mainClass) throws UsageError, AppClassPath.ClassPathError {
        if (!cp.contains(mainClass)) {
            String hint = mainClass.endsWith(".class") ? " (give the class name, without .class)" : "";
            throw new UsageError(command, "class " + mainClass + " not found in " + cp.describe()
                    + (cp.entries().size() > 1 ? " (" + cp.joined() + ")" : "") + hint);
        }
    }

    /**
     * The job's mode: woven for transparent checkpointing unless {@code --no-transparent}, or
     * (neither option) the program calls MANA's API and so keeps its safe points.
     */
    static boolean transparent(String command, RunArgs ra, AppInput app) throws UsageError {
        return switch (ra.weaving()) {
            case ON -> true;
            case OFF -> false;
            case AUTO -> {
                try {
                    List<Path> entries = app.jar() != null ? List.of(app.jar()) : app.classPath().entries();
                    String main = app.mainClass() != null ? app.mainClass() : AppClassPath.mainClassOf(app.jar());
                    yield main == null || !SafePointUse.of(main, entries);
                } catch (IOException | AppClassPath.ClassPathError e) {
                    throw new UsageError(command, "cannot read the application's classes (" + e.getMessage() + ")");
                }
            }
        };
    }

    /** Part of the app-bundle cache key: a bundle marked for weaving is another bundle. */
    private static String weaving() {
        return AppBundle.WEAVE_HEADER + "=" + AppBundle.transparent();
    }

    /**
     * The job's application bundle, saved in the job's temp dir: from the cache of bundles
     * ({@link AppBundleCache}) when the same application was wrapped before, else made by bndlib
     * (once per job) and cached. A cache that cannot be read or written costs only the time.
     */
    static void wrapApp(String command, AppInput in, Path target) throws AppBundleFile.BundleError, IOException, UsageError {
        java.util.function.Consumer<String> warn = w -> System.err.println("mana " + command + ": warning: " + w);
        List<String> warnings = new ArrayList<>();
        java.util.function.Consumer<String> record = w -> {
            warnings.add(w);
            warn.accept(w);
        };
        String bsn = null;
        List<String> how;
        List<Path> inputs;
        if (in.classPath() != null) {
            String c = in.mainClass();
            bsn = c.substring(c.lastIndexOf('.') + 1).replaceAll("[^A-Za-z0-9_.-]", "_");
            bsn = bsn.isEmpty() ? "app" : bsn;
            how = List.of("classpath", bsn, c, weaving());
            inputs = in.classPath().entries();
        } else {
            how = List.of("jar", AppBundle.symbolicNameOf(in.jar()), weaving());
            inputs = List.of(in.jar());
        }
        java.util.Optional<AppBundleCache> cache = AppBundleCache.standard();
        String key = null;
        AppBundleFile.Result r = null;
        if (cache.isPresent()) {
            try {
                key = AppBundleCache.key(how, inputs, wrappingCode());
                java.util.Optional<AppBundleCache.Hit> hit = cache.get().find(key);
                if (hit.isPresent()) {
                    r = AppBundle.read(hit.get().bundle());
                    hit.get().warnings().stream().filter(w -> !w.isEmpty()).forEach(warn);
                }
            } catch (IOException | AppBundleFile.BundleError | RuntimeException e) {
                r = null; // made again below
            }
        }
        if (r == null) {
            if (in.classPath() != null) {
                r = AppBundle.wrapClassPath(bsn, in.mainClass(), in.classPath().entries(), record);
            } else {
                r = AppBundle.wrap(in.jar(), record);
            }
            if (key != null) {
                try {
                    cache.get().store(key, r.bytes(), warnings);
                } catch (IOException | RuntimeException e) {
                    if (Boolean.getBoolean("mana.verbose")) {
                        System.err.println("mana " + command + ": application bundle not cached in " + cache.get().dir() + ": " + e);
                    }
                }
            }
        }
        if (in.classPath() == null) {
            if (in.mainClass() == null && (r.mainClass() == null || r.mainClass().isEmpty())) {
                throw new UsageError(command, in.jar().getFileName() + " has no Main-Class; give one with --class NAME");
            }
            if (in.mainClass() == null) {
                try {
                    checkMainClass(command, AppClassPath.of(in.jar()), r.mainClass());
                } catch (AppClassPath.ClassPathError e) {
                    throw new UsageError(command, e.getMessage());
                }
            }
        }
        AppBundle.write(r, target);
    }

    /** The jars whose code wraps an application (the launcher, bndlib): part of the cache key. */
    private static List<Path> wrappingCode() {
        List<Path> jars = new ArrayList<>();
        for (Class<?> c : List.of(AppBundle.class, aQute.bnd.osgi.Analyzer.class)) {
            try {
                Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                if (Files.isRegularFile(p)) {
                    jars.add(p);
                }
            } catch (java.net.URISyntaxException | RuntimeException e) {
                // no code source: the key then covers the inputs only
            }
        }
        return jars;
    }

    /**
     * @param restartFrom the committed checkpoint directory to restart from first, or null for a fresh start
     */
    static int run(String command, CkptOptions opts, RunArgs ra, Path root, Selection restartFrom, MpiImplementation mpi)
            throws UsageError {
        AppInput app = checkApp(command, ra);
        // read by AppBundle when it wraps the application and by the coordinator (one job per process)
        System.setProperty("mana.transparent", String.valueOf(transparent(command, ra, app)));
        PluginSupport.check(ra.shell(), Dist.dir());
        RankRuntime runtime = rankRuntime(command, mpi);
        if (mpi.hydra()) {
            try { // before the coordinator and the checkpoint root exist
                HydraOptions.translate(RunCommand.defaultMpirunOptions(ra.mpirunArgs(), Dist.isRootUser()));
            } catch (HydraOptions.Untranslatable e) {
                throw new UsageError(command, e.getMessage());
            }
        }
        Path mpirun = Dist.onPath(mpi.mpirun())
                .orElseThrow(() -> new UsageError(command, mpi.mpirun() + " not found on PATH ("
                        + (mpi.hydra() ? "install mpich and libmpich-dev" : "install openmpi-bin") + ", or run ./mana setup)"));
        Path launcher = Dist.launcherJar();
        if (!Files.isRegularFile(launcher)) {
            throw new UsageError(command, "launcher jar " + launcher + " not found (build with ./mana setup)");
        }
        InetAddress bind = MultiHostJob.coordBind(command, opts, ra);
        boolean multiHost = !bind.isLoopbackAddress();
        int np = ra.ranks() != null ? ra.ranks() : 0;
        long pid = ProcessHandle.current().pid();
        String jobId = appName(ra).replaceAll("[^A-Za-z0-9_.-]", "_") + "-" + pid;
        String token = Coordinator.newToken();
        Path jobDir = null;
        JobFile jobFile = null;
        CoordTls tls = null;
        Path tokenFile = null;
        if (multiHost) {
            try {
                tls = CoordTls.generate(jobId);
            } catch (java.security.GeneralSecurityException e) {
                throw new UsageError(command, "cannot make the coordinator's TLS key: " + e.getMessage());
            }
        }
        StartupTrace.Cli.mark("CLI: arguments, MPI, options");
        try (Coordinator coord = new Coordinator(new Coordinator.Settings(jobId, token, root, opts.keep(), opts.interval(), np,
                launchDescription(ra, opts, mpi)), bind, tls, msg -> System.err.println("[mana] " + msg))) {
            // Ranks on other hosts read the job's bundle from here: on the checkpoint root's file
            // system, shared by every node (a node-local /tmp would not do).
            if (multiHost) {
                jobDir = MultiHostJob.sharedJobDir(root, pid);
                tokenFile = MultiHostJob.writeTokenFile(jobDir, token);
            } else {
                jobDir = mana.launcher.startup.PrivateDir.create(Path.of(System.getProperty("java.io.tmpdir")), "mana-job-"); // no SecureRandom
            }
            StartupTrace.Cli.mark("CLI: coordinator, job folder");
            Path wrapped = jobDir.resolve("app-bundle.jar");
            wrapApp(command, app, wrapped);
            StartupTrace.Cli.mark("CLI: application bundle");
            RunCommand.writeBootArgs(wrapped, launcher);
            jobFile = new JobFile(jobId, pid, coord.host(), coord.port(), token, root.toString(), np,
                    app.jar() != null ? app.jar().toString() : app.mainClass() + " (class path " + app.classPath().joined() + ")",
                    tls != null ? tls.fingerprint() : "");
            jobFile.write();
            // Only checkpoints of this job (or the one it restarts from) are used for recovery.
            if (opts.ckptSignal() != null) {
                String sig = opts.ckptSignal();
                java.util.concurrent.atomic.AtomicInteger received = new java.util.concurrent.atomic.AtomicInteger();
                SignalCheckpoint.install(command, sig, name -> {
                    if (received.incrementAndGet() > 1 && SignalCheckpoint.stopsTheJob(name)) {
                        stopJob("SIG" + name + " again: stopping the job without waiting for the checkpoint");
                        return;
                    }
                    coord.checkpointAndExitOnSignal(name, () -> {
                        if (SignalCheckpoint.stopsTheJob(name)) {
                            stopJob("SIG" + name + ": no checkpoint was taken; stopping the job");
                        } else {
                            received.set(0);
                            System.err.println("[mana] SIG" + name + ": no checkpoint was taken; the job goes on");
                        }
                    });
                });
            }
            long firstOwnSeq = restartFrom != null ? restartFrom.chosen().seq() : new CheckpointStore(root).nextSeq();
            Path restartDir = restartFrom != null ? restartFrom.chosen().dir() : null;
            Manifest restartManifest = restartFrom != null ? restartFrom.manifest() : null;
            int restarts = 0;
            List<String> startup = startupOptions(command, runtime);
            RunArgs launch = ra; // the hostfile may change after a node is lost
            while (!stopRequested) {
                List<String> jvm = new ArrayList<>(opts.levels().rankJvmOptions());
                if (restartDir != null) {
                    jvm.add("-Dmana.restart.dir=" + restartDir);
                    String initThread = restartManifest.properties().get(CheckpointStore.INIT_THREAD);
                    if (initThread != null) {
                        jvm.add("-D" + INIT_THREAD_PROPERTY + "=" + initThread); // a transparent restart makes the same MPI_Init_thread
                    }
                }
                List<String> cmd = RunCommand.command(mpirun.toString(), launch, app.rankArgs(), wrapped, launcher, Dist.isRootUser(),
                        multiHost ? List.of("-x", ENV_COORD, "-x", ENV_JOB, "-x", ENV_TOKEN_FILE, "-x", ENV_TLS)
                                : List.of("-x", ENV_COORD, "-x", ENV_JOB, "-x", ENV_TOKEN), startup, jvm, runtime);
                if (multiHost) {
                    MultiHostJob.checkAbsolute(command, cmd);
                }
                if (PluginSupport.singletonConsole(ra, System.console() != null)) {
                    cmd = PluginSupport.withoutMpirun(cmd, runtime.java().toString());
                }
                if (Boolean.getBoolean("mana.verbose")) {
                    System.err.println("[mana " + command + "] " + String.join(" ", cmd));
                }
                coord.newIncarnation();
                Map<String, String> env = new java.util.HashMap<>(Map.of(ENV_COORD, coord.host() + ":" + coord.port(), ENV_JOB, jobId));
                if (tls != null) {
                    env.put(ENV_TLS, tls.fingerprint());
                    env.put(ENV_TOKEN_FILE, tokenFile.toString());
                } else {
                    env.put(ENV_TOKEN, token);
                }
                StartupTrace.Cli.mark("CLI: job file, rank command");
                int status = exec(cmd, env);
                if (status == 0) {
                    if (coord.endedByCheckpoint()) {
                        System.err.println("[mana] job " + jobId + " stopped after checkpoint " + coord.lastCommittedSeq()
                                + "; continue it with: mana restart " + root);
                    }
                    return 0;
                }
                if (stopRequested) {
                    return status; // a signal asked to end the job and no checkpoint was taken: no restart
                }
                String refusal = restartDir != null ? coord.restartRefusal(2000) : null;
                if (refusal != null) {
                    // mana run falls back only to its own checkpoints; mana restart to any older one in the root
                    Selection older = olderAfterRefusal(root, opts.keep(), restartDir, np > 0 ? np : coord.ranks(),
                            restartFrom != null ? 0 : firstOwnSeq);
                    if (older != null) {
                        System.err.println("[mana] the ranks refused checkpoint " + restartDir.getFileName() + " ("
                                + RestartCommand.oneLine(refusal) + "); set aside, falling back to the older complete checkpoint "
                                + older.chosen().seq() + LevelOptions.levelNote(older.manifest()));
                        restartDir = older.chosen().dir();
                        restartManifest = older.manifest();
                        launch = withoutLostNodes(launch, older, jobDir, restarts);
                        continue;
                    }
                    // Restarting again would only meet the same refusal until the restarts ran out.
                    System.err.println("[mana] the ranks refused checkpoint " + restartDir.getFileName() + " ("
                            + RestartCommand.oneLine(refusal) + "); not restarting from it again. It is left as it is: "
                            + "move it out of " + root + " to restart from the one before it");
                    return status;
                }
                if (restarts >= opts.maxRestarts()) {
                    if (opts.maxRestarts() > 0) {
                        System.err.println("[mana] job failed (mpirun exit " + status + "); " + opts.maxRestarts()
                                + " restart(s) used up, giving up");
                    }
                    return status;
                }
                int ranks = np > 0 ? np : coord.ranks();
                Selection sel;
                try {
                    sel = new CheckpointStore(root, opts.keep()).newestUsable(ranks, false);
                } catch (NoUsableCheckpointException e) {
                    System.err.println("[mana] job failed (mpirun exit " + status + ") and has no usable checkpoint in " + root
                            + "; not restarting");
                    return status;
                }
                if (sel.chosen().seq() < firstOwnSeq) {
                    System.err.println("[mana] job failed (mpirun exit " + status + ") before its first checkpoint; not restarting");
                    return status;
                }
                restarts++;
                reportSkipped(new CheckpointStore(root, opts.keep()), sel, "[mana] ");
                String who = coord.firstLostRank() >= 0 ? "rank " + coord.firstLostRank() + " died" : "the job failed";
                System.err.println("[mana] " + who + " (mpirun exit " + status + "); restarting from checkpoint " + sel.chosen().seq()
                        + LevelOptions.levelNote(sel.manifest()) + " (restart " + restarts + " of " + opts.maxRestarts() + ")");
                restartDir = sel.chosen().dir();
                restartManifest = sel.manifest();
                launch = withoutLostNodes(launch, sel, jobDir, restarts);
            }
            return 143; // stopped by a signal between two runs of mpirun (128 + SIGTERM's number)
        } catch (AppBundleFile.BundleError e) {
            throw new UsageError(command, e.getMessage());
        } catch (IOException e) {
            throw new UsageError(command, "cannot prepare the job: " + e.getMessage());
        } finally {
            if (jobFile != null) {
                jobFile.delete();
            }
            RunCommand.deleteQuietly(jobDir);
        }
    }

    /**
     * After the ranks refused checkpoint {@code refused} (a copy gone or damaged on the nodes): sets
     * it aside and picks the newest older complete checkpoint from {@code minSeq} on, or null (then
     * the refusal stands and the checkpoint is put back). Each refused checkpoint is set aside once,
     * so this ends.
     */
    static Selection olderAfterRefusal(Path root, int keep, Path refused, int ranks, long minSeq) {
        CheckpointStore store = new CheckpointStore(root, keep);
        Path aside = null;
        try {
            aside = store.setAside(refOf(refused));
            Selection sel = store.newestUsable(ranks, false);
            if (sel.chosen().seq() >= minSeq) {
                reportSkipped(store, sel, "[mana] ");
                return sel;
            }
        } catch (IOException | RuntimeException e) {
            // no older checkpoint of this job: the refusal stands
        }
        if (aside != null) {
            try {
                Files.move(aside, refused, java.nio.file.StandardCopyOption.ATOMIC_MOVE); // left as it was
            } catch (IOException e) {
                System.err.println("[mana] checkpoint " + refused.getFileName() + " stays set aside as " + aside.getFileName());
            }
        }
        return null;
    }

    private static mana.ckpt.store.CheckpointRef refOf(Path dir) {
        return new mana.ckpt.store.CheckpointRef(mana.ckpt.store.CheckpointFormat.parseCheckpointDir(dir.getFileName().toString()), dir);
    }

    /**
     * Before an automatic restart: the hosts of the hostfile that do not answer through the
     * launch agent are left out of it ({@link NodeProbe}), so the job restarts on the remaining
     * nodes or a spare one; said in the log. The same arguments when every host answers or the
     * job has no hostfile.
     */
    static RunArgs withoutLostNodes(RunArgs ra, Selection sel, Path jobDir, int restart) {
        Path hostfile = NodeProbe.hostfileOf(ra.mpirunArgs());
        if (hostfile == null) {
            return ra;
        }
        java.util.Set<String> used = new java.util.LinkedHashSet<>();
        for (int r = 0; r < sel.manifest().worldSize(); r++) {
            String h = sel.manifest().properties().get("rank." + r + ".host");
            if (h != null) {
                used.add(h);
            }
        }
        try {
            NodeProbe.Outcome o = NodeProbe.probe(ra.mpirunArgs(), hostfile, used, jobDir.resolve("hostfile-restart-" + restart));
            if (o.hostfile() == null) {
                return ra;
            }
            System.err.println("[mana] " + o.describe());
            return new RunArgs(ra.help(), ra.mainClass(), NodeProbe.withHostfile(ra.mpirunArgs(), o.hostfile()), ra.app(),
                    ra.classPath(), ra.appArgs(), ra.ranks(), ra.atFinalize(), ra.shell(), ra.absoluteArgs(), ra.weaving());
        } catch (IOException e) {
            System.err.println("[mana] could not probe the hosts of " + hostfile + " (" + e.getMessage() + "); restarting with it as it is");
            return ra;
        }
    }

    /**
     * The rank JVM options of the start-up cache built by setup ({@link StartupCache}), or none
     * with a warning when it is missing or stale; none, silently, with {@code -Dmana.startupCache=off}
     * (the training job that builds it); and where the Felix storage template is, unless
     * {@code -Dmana.felixTemplate=off} or {@code MANA_FELIX_TEMPLATE=off}.
     */
    static List<String> startupOptions(String command, RankRuntime runtime) {
        List<String> opts = new ArrayList<>(RankJit.options(System.getenv(RankJit.ENV)));
        // the Felix storage template (made by the first rank that needs it, also by setup's training job);
        // the FFM lower half's too: its jar exports package mpi exactly as the JNI jar does, so the key is the same
        if (!"off".equals(System.getProperty("mana.felixTemplate"))
                && !"off".equals(System.getenv("MANA_FELIX_TEMPLATE"))) {
            opts.add("-D" + mana.launcher.rank.RankLauncher.FELIX_TEMPLATES + "=" + StartupCache.standardDir(Dist.home()));
        }
        if ("off".equals(System.getProperty("mana.startupCache"))) {
            return opts;
        }
        StartupCache cache = new StartupCache(StartupCache.standardDir(Dist.home()), Dist.dir());
        if (runtime.java().equals(Dist.java())) { // the launcher's JVM: JDK 17's class-data archive
            StartupCache.State state = cache.state();
            if (state == StartupCache.State.CURRENT) {
                opts.addAll(cache.rankOptions());
            } else {
                System.err.println("mana " + command + ": warning: " + cache.warning(state));
            }
        } else if (runtime.jdkFeature() >= AotCache.MIN_FEATURE) {
            AotCache aot = AotCache.of(cache, runtime);
            StartupCache.State state = aot.state();
            if (state == StartupCache.State.CURRENT) {
                opts.addAll(aot.rankOptions());
            } else {
                System.err.println("mana " + command + ": warning: " + aot.warning(state));
            }
        }
        return opts;
    }

    /**
     * Says why each newer checkpoint was skipped and sets the damaged ones aside
     * ({@link CheckpointStore#setAside}): still on disk, but no longer among the newest K, so
     * the next commit prunes neither the checkpoint this restart uses nor another good one.
     */
    static void reportSkipped(CheckpointStore store, Selection sel, String prefix) {
        for (Selection.Skipped s : sel.skipped()) {
            String line = prefix + "checkpoint " + s.ref().seq() + " cannot be used: "
                    + RestartCommand.oneLine(s.reason().getMessage()) + "; falling back to an older one";
            if (s.reason().isDamage()) {
                try {
                    Path aside = store.setAside(s.ref());
                    line += "; set aside as " + aside.getFileName() + " (kept, no longer counted among the newest "
                            + store.keep() + ")";
                } catch (IOException e) {
                    line += "; could not set it aside (" + e.getMessage() + "): the next commit may prune an older one first";
                }
            }
            System.err.println(line);
        }
    }

    /** What mana restart needs to start the job again: the run arguments without checkpoint options. */
    static Properties launchDescription(RunArgs ra, CkptOptions opts, MpiImplementation mpi) {
        Properties p = new Properties();
        p.setProperty(MPI_PROPERTY, mpi.cliName());
        p.setProperty(CONSTANTS_PROPERTY, CONSTANTS);
        List<String> args = ra.absoluteArgs(); // restartable from any directory
        p.setProperty("args", Integer.toString(args.size()));
        for (int i = 0; i < args.size(); i++) {
            p.setProperty("arg." + i, args.get(i));
        }
        if (ra.ranks() != null) {
            p.setProperty("np", Integer.toString(ra.ranks()));
        }
        if (ra.app() != null) {
            p.setProperty("jar", Path.of(ra.app()).toAbsolutePath().normalize().toString());
        }
        if (ra.classPath() != null) {
            p.setProperty("classpath", RunArgs.absoluteClassPath(ra.classPath()));
        }
        if (ra.mainClass() != null) {
            p.setProperty("main", ra.mainClass());
        }
        p.setProperty("keep", Integer.toString(opts.keep()));
        opts.levels().save(p);
        return p;
    }

    /** Ends the job now (a signal's checkpoint could not be taken): no restart follows. */
    private static void stopJob(String why) {
        System.err.println("[mana] " + why);
        stopRequested = true;
        Process p = current;
        if (p != null) {
            p.destroy();
        }
    }

    /** The mpirun process running now (for --ckpt-on-signal to stop), or null. */
    private static volatile Process current;
    /** Set when a signal's checkpoint could not be taken and the job was stopped: it is not restarted. */
    private static volatile boolean stopRequested;

    /** Runs mpirun with this process's stdin/stdout/stderr and extra environment; its exit status. */
    static int exec(List<String> cmd, Map<String, String> env) throws UsageError {
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        pb.environment().putAll(env);
        Process p;
        try {
            p = pb.start();
            StartupTrace.Cli.mark("CLI: start mpirun");
        } catch (IOException e) {
            throw new UsageError(null, "cannot start " + cmd.get(0) + ": " + e.getMessage());
        }
        Thread killer = new Thread(p::destroy, "mana-stop-child");
        Runtime.getRuntime().addShutdownHook(killer);
        current = p;
        try {
            int status = p.waitFor();
            StartupTrace.Cli.mark("CLI while the job ran (coordinator)");
            return status;
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            current = null;
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException ignored) {
                // shutting down already
            }
        }
    }

    /** The launch description's key for the MPI the job ran on (mana restart's default). */
    static final String MPI_PROPERTY = "mpi";

    /**
     * The launch description's key for the numbers the application saw for MPI's int constants:
     * {@link #CONSTANTS} (Open MPI 4.1's on every lower half). Jobs from before it saw the running
     * library's (MPICH's own ANY_SOURCE, PROC_NULL, error classes... under --mpi mpich).
     */
    static final String CONSTANTS_PROPERTY = "constants";
    static final String CONSTANTS = "openmpi-4.1";

    /**
     * Refuses a job that ran on MPICH under a MANA that gave the application MPICH's own numbers
     * (no {@code constants=} in its launch description): its saved state holds them in the
     * program's variables, and this MANA's API means Open MPI's by those numbers.
     */
    static void checkConstants(Path root, MpiImplementation recorded) throws UsageError {
        if (!recorded.hydra()) {
            return; // Open MPI JNI and FFM always gave Open MPI's numbers
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(root.resolve(Coordinator.LAUNCH_FILE))) {
            p.load(in);
        } catch (IOException e) {
            throw new UsageError("restart", root.resolve(Coordinator.LAUNCH_FILE) + ": unreadable launch description (" + e.getMessage() + ")");
        }
        if (!CONSTANTS.equals(p.getProperty(CONSTANTS_PROPERTY))) {
            throw new UsageError("restart", "the job ran on mpich under an older MANA, which gave the application MPICH's own"
                    + " numbers for MPI's constants (MPI_ANY_SOURCE -2, MPI_PROC_NULL -1, error classes...); its checkpoints keep"
                    + " them in the program's state, and this MANA gives Open MPI's on every library (" + CONSTANTS_PROPERTY
                    + "=" + CONSTANTS + " in " + Coordinator.LAUNCH_FILE + "), so they would change meaning: restart it with"
                    + " the MANA that wrote it");
        }
    }

    /** The MPI a job ran on, from its launch description (Open MPI JNI for jobs from before --mpi). */
    static MpiImplementation launchMpi(Path root) throws UsageError {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(root.resolve(Coordinator.LAUNCH_FILE))) {
            p.load(in);
        } catch (IOException e) {
            throw new UsageError("restart", root.resolve(Coordinator.LAUNCH_FILE) + ": unreadable launch description (" + e.getMessage() + ")");
        }
        String v = p.getProperty(MPI_PROPERTY);
        if (v == null) {
            return MpiImplementation.DEFAULT;
        }
        return MpiImplementation.byName(v).orElseThrow(() -> new UsageError("restart", root.resolve(Coordinator.LAUNCH_FILE)
                + ": unknown mpi=" + v + " (expected one of " + MpiImplementation.names() + ")"));
    }

    /** Reads a launch description back as run arguments. */
    static List<String> launchArgs(Path root) throws UsageError {
        Path f = root.resolve(Coordinator.LAUNCH_FILE);
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(f)) {
            p.load(in);
            int n = Integer.parseInt(p.getProperty("args"));
            List<String> args = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String a = p.getProperty("arg." + i);
                if (a == null) {
                    throw new IllegalArgumentException("arg." + i + " missing");
                }
                args.add(a);
            }
            return args;
        } catch (java.nio.file.NoSuchFileException e) {
            Path parent = root.getParent();
            if (root.getFileName() != null && root.getFileName().toString().matches("ckpt-\\d{6,18}") && parent != null
                    && Files.isRegularFile(parent.resolve(Coordinator.LAUNCH_FILE))) {
                // a checkpoint directory given for its root: say which root to give
                throw new UsageError("restart", root + " is one checkpoint, not a checkpoint root; give its root: mana restart "
                        + parent + " (restarts from the newest usable checkpoint there)");
            }
            throw new UsageError("restart", root + " is not a checkpoint root of a MANA job (no " + Coordinator.LAUNCH_FILE + ")");
        } catch (IOException | RuntimeException e) {
            throw new UsageError("restart", f + ": unreadable launch description (" + e.getMessage() + ")");
        }
    }
}
