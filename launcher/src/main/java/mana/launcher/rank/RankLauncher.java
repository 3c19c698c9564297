package mana.launcher.rank;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import mana.launcher.startup.PrivateDir;
import mana.launcher.startup.StorageTemplate;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.wiring.BundleWiring;

/**
 * What runs on every rank: {@code mana rank [--class MAIN] [--wrapped BUNDLE.jar] APP.jar [args]}, or
 * {@code mana rank --class MAIN [--wrapped BUNDLE.jar] --classpath CP -- [args]} for a class path.
 *
 * <p>Boots Felix with the lower half on the framework class path (exported by the system
 * bundle with {@code mana.half=lower}, mandatory), installs and starts every jar in
 * {@code dist/bundles}, wraps the application jar as a bundle and runs its {@code main} on
 * this thread. Exit status: 0 when main returns, 1 when it throws (stack trace on stderr),
 * 2 for a bad jar or class (one line). The JVM always exits: after main the framework is
 * stopped only where that matters ({@link #needsOrderlyStop}), within {@link #STOP_TIMEOUT_MS}.
 */
public final class RankLauncher {

    public static final int OK = 0;
    public static final int APP_FAILED = 1;
    public static final int BAD_INPUT = 2;
    static final long STOP_TIMEOUT_MS = 10_000;
    /** The rank JVM's main class (mana-rank-boot.jar, on the boot class path). */
    static final String BOOT_MAIN = "mana.launcher.boot.RankMain";
    /** Start level of console bundles (Gogo shell / JLine), so their commands find everything. */
    static final int SHELL_START_LEVEL = 10;

    private final boolean verbose = Boolean.getBoolean("mana.verbose");
    private final long t0 = System.nanoTime();
    private final List<String> timings = new ArrayList<>();
    private long last = t0;
    /** The start-up profile ({@code -Dmana.startup.trace=true}); null when off. */
    private static StartupTrace trace;

    /** Entry point without the boot jar ({@code mana.launcher.Main rank ...}); never returns. */
    public static void main(String[] args) {
        MethodHandle app = prepare(args);
        Throwable failure = null;
        try {
            app.invokeExact();
        } catch (Throwable t) {
            failure = t;
        }
        finish(failure);
    }

    /** The launcher of this rank between {@link #prepare} and {@link #finish}. */
    private static RankLauncher current;
    /** The application bundle's class loader: the context class loader of the threads it starts. */
    private static volatile ClassLoader appLoader;
    private Framework framework;

    /**
     * Boots the framework and the application bundle and returns the application's main, bound
     * to its arguments, as a {@code ()void} handle for {@code mana.launcher.boot.RankMain} to call.
     * On a bad jar or class (or an internal error) it stops the framework and exits the JVM.
     */
    public static MethodHandle prepare(String[] args) {
        trace = StartupTrace.startIfAsked();
        if (trace != null) {
            trace.mark("JVM start -> launcher main");
        }
        RankLauncher launcher = new RankLauncher();
        int status;
        try {
            Object r = launcher.boot(args);
            if (r instanceof MethodHandle app) {
                current = launcher;
                return app;
            }
            status = (Integer) r;
        } catch (Throwable t) {
            System.err.println("mana rank: internal error: " + t);
            t.printStackTrace();
            status = APP_FAILED;
        }
        launcher.stop(launcher.framework);
        exit(status);
        throw new AssertionError("unreachable");
    }

    /**
     * After the application's main: an exception that escaped it is reported as the JVM reports
     * an uncaught exception ({@code Exception in thread "main" ...}) and the rank exits with 1,
     * as under {@code java App}; otherwise 0. Never returns.
     */
    public static void finish(Throwable failure) {
        if (trace != null) {
            trace.mark("application main");
        }
        int status = OK;
        if (failure != null) {
            System.out.flush();
            Thread t = Thread.currentThread();
            t.getUncaughtExceptionHandler().uncaughtException(t, failure);
            status = APP_FAILED;
        }
        awaitApplicationThreads();
        if (current != null && current.templateToMake != null) {
            current.makeTemplate();
        } else if (current != null && needsOrderlyStop()) {
            current.stop(current.framework);
        }
        if (trace != null) {
            trace.mark("after main: threads, framework stop");
            System.err.print(trace.report(java.util.Objects.requireNonNullElse(mana.launcher.mpi.WorldRank.rank(), "?")));
        }
        exit(status);
    }

    /** A Felix storage template this rank makes at exit (rank 0 of a job that found none); null otherwise. */
    private StorageTemplate templateToMake;
    private boolean replaceTemplate;
    private Path storage;

    /**
     * Makes the Felix storage template from this rank's storage: the framework is stopped in
     * order first (once per build of the platform bundles), so that SCR writes its component
     * metadata cache ({@code ds.cache.metadata}), which the ranks that start from the template
     * read instead of parsing the components' XML descriptors. Only the framework's own records
     * of the platform bundles and that cache are taken, not the application bundle, plugins or
     * console bundles, nor any data a bundle wrote while the job ran; a rank that left a
     * platform bundle out makes none.
     */
    private void makeTemplate() {
        java.util.Set<Long> platform = new java.util.HashSet<>();
        try {
            java.util.Set<String> locations = new java.util.HashSet<>();
            for (Path jar : bundleJars(distDir().resolve("bundles"))) {
                locations.add("reference:" + jar.toUri());
            }
            for (Bundle b : framework.getBundleContext().getBundles()) {
                if (locations.remove(b.getLocation())) {
                    platform.add(b.getBundleId());
                }
            }
            if (!locations.isEmpty()) {
                stop(framework); // a platform bundle was left out (--without-bundle): no template from this rank
                return;
            }
        } catch (RankError | RuntimeException e) {
            stop(framework);
            return;
        }
        stop(framework);
        String why = templateToMake.createFrom(storage, rel -> templateFile(rel, platform), replaceTemplate);
        if (why != null && verbose) {
            System.err.println("mana rank: no Felix storage template made: " + why);
        }
    }

    /** Whether a file of a stopped framework's storage belongs in the template (path relative to the storage, '/'-separated). */
    static boolean templateFile(String rel, java.util.Set<Long> platformBundles) {
        String[] p = rel.split("/");
        if (p.length < 2 || !p[0].startsWith("bundle")) {
            return false;
        }
        if (p[0].equals("bundle0")) {
            return p.length == 2 && (p[1].equals("bundle.id") || p[1].equals("last.java.version"));
        }
        try {
            if (!platformBundles.contains(Long.parseLong(p[0].substring("bundle".length())))) {
                return false; // the application, a plugin, the console: installed by every rank itself
            }
        } catch (NumberFormatException e) {
            return false;
        }
        return (p.length == 2 && p[1].equals("bundle.info"))
                || (p.length == 3 && p[1].startsWith("version") && p[2].equals("revision.location"))
                || (p.length == 3 && p[1].equals("data") && p[2].equals(SCR_METADATA_STORE));
    }

    /** The file in which SCR keeps its parsed component descriptors when {@code ds.cache.metadata} is true. */
    static final String SCR_METADATA_STORE = "componentMetadataStore";

    /**
     * Whether the framework must be stopped before the JVM exits. Stopping deactivates every
     * component and stops every bundle: 0.1–0.25 s of a rank's exit. Of the platform's
     * components only the console's deactivation does something the process's end does not
     * (it gives the terminal back its settings); the agent's closes its coordinator socket,
     * which exiting closes as well, and the framework's storage is deleted anyway. So the rank
     * stops the framework only with the console, or when {@code -Dmana.stopFramework=true} asks.
     */
    static boolean needsOrderlyStop() {
        return Boolean.getBoolean("mana.stopFramework") || Boolean.getBoolean(RankExtras.CONSOLE);
    }

    /**
     * As {@code java App} does after main: waits for the non-daemon threads the application
     * started (those whose context class loader is the application's, inherited from main),
     * so that work they do after main returned (MPI calls, MPI.Finalize) still happens.
     */
    static void awaitApplicationThreads() {
        ClassLoader loader = appLoader;
        if (loader == null) {
            return;
        }
        Thread self = Thread.currentThread();
        while (true) {
            Thread next = null;
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t != self && !t.isDaemon() && t.isAlive() && t.getContextClassLoader() == loader) {
                    next = t;
                    break;
                }
            }
            if (next == null) {
                return;
            }
            try {
                next.join();
            } catch (InterruptedException e) {
                self.interrupt();
                return;
            }
        }
    }

    private static void exit(int status) {
        System.out.flush();
        System.err.flush();
        System.exit(status);
    }

    /** One-line user errors. */
    static final class RankError extends Exception {
        RankError(String message) {
            super(message);
        }
    }

    /** The application's main as a bound {@code ()void} handle, or the exit status (Integer) of a failure. */
    Object boot(String[] argv) throws Throwable {
        String mainOverride = null;
        Path prewrapped = null;
        String classPathArg = null;
        List<String> args = new ArrayList<>(Arrays.asList(argv));
        while (!args.isEmpty() && classPathArg == null
                && (args.get(0).startsWith("--class") || args.get(0).startsWith("--wrapped"))) {
            String a = args.remove(0);
            String name = a.startsWith("--classpath") ? "--classpath" : a.startsWith("--class") ? "--class" : "--wrapped";
            String value;
            if (a.startsWith(name + "=")) {
                value = a.substring(name.length() + 1);
            } else if (!a.equals(name)) {
                return fail("unknown option " + a);
            } else if (args.isEmpty()) {
                return fail(name + " needs a value");
            } else {
                value = args.remove(0);
            }
            switch (name) {
                case "--class" -> mainOverride = value;
                case "--classpath" -> classPathArg = value;
                default -> prewrapped = Path.of(value);
            }
        }
        // With a class path, everything after it (and an optional "--") is the application's.
        if (classPathArg != null && !args.isEmpty() && args.get(0).equals("--")) {
            args.remove(0);
        }
        if (classPathArg == null && args.isEmpty()) {
            return fail("usage: mana rank [--class MAIN] [--wrapped BUNDLE.jar] (APP.jar | --classpath CP --class MAIN --) [args]");
        }
        AppClassPath classPath;
        Path appJar;
        try {
            if (classPathArg != null) {
                if (mainOverride == null) {
                    return fail("--classpath needs --class MAIN");
                }
                classPath = AppClassPath.parse(classPathArg, Path.of("").toAbsolutePath());
                appJar = null;
            } else {
                appJar = Path.of(args.remove(0)).toAbsolutePath().normalize();
                if (!Files.isRegularFile(appJar)) {
                    return fail(appJar + ": no such file");
                }
                classPath = null;
            }
        } catch (AppClassPath.ClassPathError e) {
            return fail(e.getMessage());
        }
        String appName = appJar != null ? appJar.getFileName().toString() : classPath.describe();
        String[] appArgs = args.toArray(new String[0]);
        String mainForWrap = mainOverride;

        // mana run bundles the application once per job (--wrapped); without it, bnd's work
        // does not depend on the framework, so it overlaps with the boot.
        Path wrappedJar = prewrapped;
        CompletableFuture<AppBundleFile.Result> wrapping = CompletableFuture.supplyAsync(() -> {
            try {
                if (wrappedJar != null) {
                    return AppBundleFile.read(wrappedJar);
                }
                return BndOnDemand.wrap(appJar, mainForWrap, classPath == null ? null : classPath.entries());
            } catch (AppBundleFile.BundleError e) {
                throw new CompletionException(e);
            }
        }, RankLauncher::daemon);

        Path storage = null;
        try {
            String lowerExports = lowerHalfExports();
            storage = storageDir(Path.of(System.getProperty("java.io.tmpdir")));
            Path storageToDelete = storage;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(storageToDelete), "mana-storage-cleanup"));

            mark("arguments, lower-half exports, storage folder");
            Path bundles = distDir().resolve("bundles");
            StorageTemplate template = template(bundles, lowerExports);
            boolean found = template != null && template.exists();
            mark("Felix storage template: key");
            boolean fromTemplate = found && copyTemplate(template, storage);
            mark("Felix storage template: copy" + (fromTemplate ? "" : " (none)"));
            framework = newFramework(storage, lowerExports, !fromTemplate);
            framework.init();
            mark("framework init" + (fromTemplate ? " (storage from the template)" : ""));
            if (fromTemplate && !installedFromTemplate(framework.getBundleContext(), bundles)) {
                System.err.println("mana rank: note: the Felix storage template " + template.dir()
                        + " does not hold the platform bundles; installing them");
                stop(framework);
                StorageTemplate.clear(storage);
                fromTemplate = false;
                framework = newFramework(storage, lowerExports, true);
                framework.init();
            }
            if (!fromTemplate) {
                int installed = installPlatformBundles(framework.getBundleContext(), bundles);
                mark("install " + installed + " platform bundles");
                // (not where the folder cannot be written: the orderly stop would be paid by every job for nothing)
                if (template != null && RankExtras.isConsoleRank() && writable(template.dir().getParent())) {
                    templateToMake = template; // at exit, after an orderly stop (see finish)
                    replaceTemplate = found; // found, but damaged or not of these bundles
                    this.storage = storage;
                }
            }
            if (trace != null) {
                trace.watchBundles(framework.getBundleContext());
            }
            RankExtras.apply(framework.getBundleContext(), distDir(), SHELL_START_LEVEL);
            framework.start();
            mark("framework start (platform bundles started)");
            reportFailedBundles(framework.getBundleContext());

            AppBundleFile.Result wrapped = await(wrapping);
            mark("bnd: wrap " + appName + " (wait, runs in parallel)");
            String mainClass = mainOverride != null ? mainOverride : wrapped.mainClass();
            if (mainClass == null || mainClass.isEmpty()) {
                throw new RankError(appName + " has no Main-Class; give one with --class NAME");
            }
            if ("true".equalsIgnoreCase(wrapped.manifest().getMainAttributes().getValue(AppBundleFile.WEAVE_HEADER))
                    && !"off".equalsIgnoreCase(System.getenv("MANA_WEAVE_CACHE"))) {
                Path cacheDir = weaveCacheDir(cacheBase(), wrapped.bytes(), bundles);
                if (cacheDir != null) {
                    System.setProperty(WEAVE_CACHE, cacheDir.toString());
                }
            }
            Bundle app;
            try (InputStream in = new ByteArrayInputStream(wrapped.bytes())) {
                app = framework.getBundleContext().installBundle("mana-app:" + (appJar != null ? appJar : classPath.joined()), in);
            }
            try {
                app.start();
            } catch (BundleException e) {
                throw new RankError("cannot start " + appName + " as a bundle: " + oneLine(e.getMessage()));
            }
            Class<?> cls;
            try {
                cls = app.loadClass(mainClass);
            } catch (ClassNotFoundException e) {
                throw new RankError("class " + mainClass + " not found in " + appName);
            } catch (UnsupportedClassVersionError e) {
                throw new RankError("class " + mainClass + " was compiled for a newer Java than this rank's JVM (Java "
                        + Runtime.version().feature() + "): compile it with --release " + Runtime.version().feature()
                        + ", or run the job on JDK 25 with --mpi openmpi or --mpi mpich (" + oneLine(String.valueOf(e.getMessage())) + ")");
            } catch (NoClassDefFoundError e) {
                throw new RankError("class " + mainClass + " cannot be loaded: " + oneLine(String.valueOf(e.getMessage())));
            }
            Method main;
            try {
                main = cls.getMethod("main", String[].class);
            } catch (NoSuchMethodException e) {
                throw new RankError(mainClass + " has no public static void main(String[])");
            }
            if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
                throw new RankError(mainClass + " has no public static void main(String[])");
            }
            main.setAccessible(true); // Open MPI's examples are package-private classes
            mark("load " + mainClass);
            if (verbose) {
                printTimings();
            }
            appLoader = app.adapt(BundleWiring.class).getClassLoader();
            Thread.currentThread().setContextClassLoader(appLoader);
            // MPI_INFO_ENV "command"/"argv" as under mpirun java -cp ... MAIN ARGS (mana.wrappers.env)
            System.setProperty("mana.app.command", mainClass);
            System.setProperty("mana.app.argv", String.join(" ", appArgs));
            List<String> appSpec = new ArrayList<>();
            if (prewrapped != null) {
                appSpec.addAll(List.of("--wrapped", prewrapped.toAbsolutePath().toString()));
            }
            appSpec.addAll(appJar != null ? List.of(appJar.toString()) : List.of("--classpath", classPath.joined(), "--"));
            publishSpawnCommand(appSpec);
            try {
                MethodHandle mainHandle = MethodHandles.insertArguments(MethodHandles.lookup().unreflect(main), 0, (Object) appArgs);
                return transparentMain(framework.getBundleContext(), app, mainHandle);
            } catch (IllegalAccessException e) {
                throw new RankError("cannot call " + mainClass + ".main: " + e.getMessage());
            }
        } catch (RankError | AppBundleFile.BundleError e) {
            return fail(e.getMessage());
        } catch (BundleException | IOException e) {
            return fail("cannot boot the framework: " + oneLine(String.valueOf(e.getMessage())));
        }
    }

    /**
     * A woven application ({@code Mana-Weave: true}, transparent mode, in progress) runs its main
     * through the {@code mana.main.runner=transparent} service (bundle mana.ckpt.heap), which can
     * capture and resume the main thread; any other application runs main as it is.
     */
    @SuppressWarnings("unchecked")
    static MethodHandle transparentMain(BundleContext ctx, Bundle app, MethodHandle main) throws RankError {
        if (!"true".equalsIgnoreCase(app.getHeaders("").get(AppBundleFile.WEAVE_HEADER))) {
            return main;
        }
        try {
            var refs = ctx.getServiceReferences(java.util.function.UnaryOperator.class, "(mana.main.runner=transparent)");
            if (refs.isEmpty()) {
                throw new RankError("the application is woven for transparent checkpoints but bundle mana.ckpt.heap is not running");
            }
            return (MethodHandle) ((java.util.function.UnaryOperator<Object>) ctx.getService(refs.iterator().next())).apply(main);
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * How to start a spawned child as a rank of its own (read by mana.wrappers.comm's
     * SpawnCommands): this JVM's command up to the main class and "rank", and the application.
     */
    static void publishSpawnCommand(List<String> app) {
        String sep = "\u001f";
        List<String> prefix = new ArrayList<>();
        prefix.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String option : java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // a child neither restarts from this rank's checkpoint, nor runs its finalize
            // commands, nor opens a console (its standard input is not the user's)
            if (!option.startsWith("-Dmana.restart.") && !option.startsWith("-Dmana.shell.atFinalize=")
                    && !option.startsWith("-Dmana.spawned=") && !option.startsWith("-Dmana.console=")) {
                prefix.add(option);
            }
        }
        prefix.addAll(List.of("-cp", System.getProperty("java.class.path")));
        String command = System.getProperty("sun.java.command", "");
        String main = command.isBlank() ? "mana.launcher.Main" : command.split(" ", 2)[0];
        if (main.endsWith(".jar")) {
            // started as java -jar mana-rank.jar: the class path above is that jar; its main class
            main = BOOT_MAIN;
        }
        prefix.addAll(List.of(main, "rank"));
        System.setProperty("mana.spawn.prefix", String.join(sep, prefix));
        System.setProperty("mana.spawn.app", String.join(sep, app));
    }

    // ----- framework -----

    /**
     * The Felix storage template of these platform bundles ({@link StorageTemplate}) in the folder
     * {@code mana run} names with {@code -Dmana.felixTemplates}; null without one, or when the
     * bundles cannot be listed (the install that follows says why).
     */
    static StorageTemplate template(Path bundles, String lowerExports) {
        String dir = System.getProperty(FELIX_TEMPLATES);
        if (dir == null || dir.isBlank()) {
            return null;
        }
        try {
            String config = String.join("\n", "felix " + Framework.class.getPackage().getImplementationVersion()
                    + " " + FrameworkFactory.class.getProtectionDomain().getCodeSource().getLocation(),
                    "start levels 1 " + SHELL_START_LEVEL, "ds.cache.metadata true", "system packages extra " + lowerExports);
            return StorageTemplate.of(Path.of(dir), bundleJars(bundles), config);
        } catch (IOException | RankError | RuntimeException e) {
            return null;
        }
    }

    /** Copies the template into the empty storage; false, with a note and the storage emptied again, when it is unusable. */
    private boolean copyTemplate(StorageTemplate template, Path storage) {
        try {
            template.copyInto(storage);
            return true;
        } catch (IOException | RuntimeException e) {
            System.err.println("mana rank: note: the Felix storage template " + template.dir() + " is unusable ("
                    + oneLine(String.valueOf(e.getMessage())) + "); installing the platform bundles");
            try {
                StorageTemplate.clear(storage);
            } catch (IOException ignored) {
                // the framework cleans its storage on first init anyway
            }
            return false;
        }
    }

    /** A new folder {@code mana-rank-PID-N} (owner only) for the framework's storage ({@link PrivateDir}). */
    static Path storageDir(Path tmp) throws IOException {
        return PrivateDir.create(tmp, "mana-rank-");
    }

    /** Where bundle mana.weaver keeps the woven classes of the job's application bundle (its WovenCache). */
    static final String WEAVE_CACHE = "mana.weave.cache";

    /**
     * The woven-class cache of an application bundle ({@code $XDG_CACHE_HOME/mana/woven/KEY}, or
     * under {@code ~/.cache}; {@code MANA_WEAVE_CACHE=off} leaves it out): every job of the same
     * bundle shares it, so only the first job's ranks weave. The key is the bundle's CRC-32 and
     * length (the woven bytes depend on every class of it: the call graph), and the JDK and the
     * name, size and time of every platform bundle jar (the weaver's own, and the classes it
     * looks up: the upper half's {@code mpi}, the JDK's). Rank 0 keeps the 16 most
     * recently made folders when it makes a new one. Null when there is no such place.
     */
    static Path weaveCacheDir(Path base, byte[] bundle, Path platformBundles) {
        if (base == null) {
            return null;
        }
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(bundle);
        // the weaver, and what it looks classes up in: the platform bundles (the upper half's mpi) and the JDK
        StringBuilder weaver = new StringBuilder(System.getProperty("java.home") + " " + System.getProperty("java.version"));
        try {
            for (Path jar : bundleJars(platformBundles)) {
                weaver.append(' ').append(jar.getFileName()).append(' ').append(Files.size(jar)).append(' ')
                        .append(Files.getLastModifiedTime(jar).toMillis());
            }
        } catch (RankError | IOException e) {
            return null;
        }
        String key = Long.toHexString(crc.getValue()) + "-" + bundle.length + "-" + Integer.toHexString(weaver.toString().hashCode());
        Path dir = base.resolve(key);
        if (!Files.isDirectory(dir) && "0".equals(mana.launcher.mpi.WorldRank.rank())) {
            pruneWeaveCache(base, 16);
        }
        return dir;
    }

    private static Path cacheBase() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        String home = System.getProperty("user.home");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home == null || home.isBlank() ? null : Path.of(home, ".cache");
        return base == null ? null : base.resolve("mana").resolve("woven");
    }

    /** Removes all but the {@code keep} most recently changed folders (best effort: another job may be using one; it then weaves). */
    static void pruneWeaveCache(Path base, int keep) {
        try (Stream<Path> s = Files.list(base)) {
            List<Path> old = s.filter(Files::isDirectory).sorted(Comparator.comparing((Path p) -> {
                try {
                    return Files.getLastModifiedTime(p).toMillis();
                } catch (IOException e) {
                    return 0L;
                }
            }).reversed()).skip(keep - 1).toList();
            old.forEach(RankLauncher::deleteTree);
        } catch (IOException | RuntimeException e) {
            // no cache yet, or not ours to clean
        }
    }

    /** Whether a folder can be written, or made in a parent that can. */
    static boolean writable(Path dir) {
        return Files.exists(dir) ? Files.isWritable(dir) : dir.getParent() != null && writable(dir.getParent());
    }

    /** Whether the framework restored from a template holds exactly the platform bundles of the folder. */
    static boolean installedFromTemplate(BundleContext context, Path bundles) throws RankError {
        java.util.Set<String> expected = new java.util.HashSet<>();
        for (Path jar : bundleJars(bundles)) {
            expected.add("reference:" + jar.toUri());
        }
        java.util.Set<String> found = new java.util.HashSet<>();
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() != 0) {
                found.add(b.getLocation());
            }
        }
        return found.equals(expected);
    }

    /** {@code -Dmana.felixTemplates=DIR}: where the Felix storage templates are ({@code .mana/startup}). */
    public static final String FELIX_TEMPLATES = "mana.felixTemplates";

    static Framework newFramework(Path storage, String lowerExports, boolean clean) throws RankError {
        Map<String, String> config = new HashMap<>();
        config.put(Constants.FRAMEWORK_STORAGE, storage.toString());
        if (clean) {
            config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        }
        config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, lowerExports);
        config.put(Constants.FRAMEWORK_BEGINNING_STARTLEVEL, String.valueOf(SHELL_START_LEVEL));
        config.put(Constants.FRAMEWORK_BSNVERSION, Constants.FRAMEWORK_BSNVERSION_MULTIPLE);
        config.put("felix.log.level", "1");
        // SCR reads its parsed descriptors from a Felix storage template that holds them, and
        // writes them at an orderly stop (where a rank makes a template: see makeTemplate)
        config.put("ds.cache.metadata", "true");
        config.put("gosh.home", System.getProperty("java.io.tmpdir"));
        // Pass mana.* and Gogo settings given with -D on to the framework properties.
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("mana.") || name.startsWith("gosh.") || name.startsWith("felix.")
                    || name.startsWith("org.osgi.framework.")) {
                config.putIfAbsent(name, System.getProperty(name));
            }
        }
        RankExtras.configure(config);
        Iterator<FrameworkFactory> factories = ServiceLoader.load(FrameworkFactory.class).iterator();
        if (!factories.hasNext()) {
            throw new RankError("no OSGi framework (FrameworkFactory) on the class path");
        }
        return factories.next().newFramework(config);
    }

    /** Installs every jar of the folder, in name order; console bundles start last. */
    static int installPlatformBundles(BundleContext context, Path folder) throws RankError, BundleException {
        List<Path> jars = bundleJars(folder);
        for (Path jar : jars) {
            Bundle b = context.installBundle("reference:" + jar.toUri());
            if (isFragment(b)) {
                continue;
            }
            String name = jar.getFileName().toString();
            int level = name.contains("gogo.shell") || name.contains("gogo.jline") ? SHELL_START_LEVEL : 1;
            b.adapt(BundleStartLevel.class).setStartLevel(level);
            b.start(); // the framework is not active yet: this marks it to start at its level
        }
        return jars.size();
    }

    /** The platform bundle jars of the folder, in name order. */
    static List<Path> bundleJars(Path folder) throws RankError {
        if (!Files.isDirectory(folder)) {
            throw new RankError("no platform bundles folder " + folder);
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new RankError("cannot list " + folder + ": " + e.getMessage());
        }
    }

    private static boolean isFragment(Bundle b) {
        return b.getHeaders("").get(Constants.FRAGMENT_HOST) != null;
    }

    private static void reportFailedBundles(BundleContext context) {
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() != 0 && !isFragment(b) && b.getState() != Bundle.ACTIVE) {
                System.err.println("mana rank: warning: platform bundle " + b.getSymbolicName() + " is not active");
            }
        }
    }

    private void stop(Framework framework) {
        if (framework == null) {
            return;
        }
        try {
            framework.stop();
            FrameworkEvent e = framework.waitForStop(STOP_TIMEOUT_MS);
            if (e.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                System.err.println("mana rank: the framework did not stop within " + STOP_TIMEOUT_MS + " ms; exiting anyway");
            }
        } catch (BundleException | RuntimeException e) {
            System.err.println("mana rank: stopping the framework failed: " + oneLine(String.valueOf(e.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ----- the lower half and the dist folder -----

    /** The Export-Package header of the jar that holds {@code mpi/MPI.class} on the launcher's class path. */
    public static String lowerHalfExports() throws RankError {
        URL url = RankLauncher.class.getClassLoader().getResource("mpi/MPI.class");
        if (url == null) {
            throw new RankError("the lower half (mpi/MPI.class) is not on the launcher's class path");
        }
        Manifest manifest;
        try {
            if ("jar".equals(url.getProtocol())) {
                JarURLConnection c = (JarURLConnection) url.openConnection();
                c.setUseCaches(false);
                try (JarFile jf = c.getJarFile()) {
                    manifest = jf.getManifest();
                }
            } else {
                throw new RankError("the lower half is not in a jar: " + url);
            }
        } catch (IOException e) {
            throw new RankError("cannot read the lower half's manifest: " + e.getMessage());
        }
        return exportsOf(manifest, url.toString());
    }

    private static String exportsOf(Manifest manifest, String where) throws RankError {
        String exports = manifest == null ? null : manifest.getMainAttributes().getValue("Export-Package");
        if (exports == null || exports.isBlank()) {
            throw new RankError("the lower-half jar (" + where + ") has no Export-Package header");
        }
        return exports.trim();
    }

    /** The folder holding mana-launcher.jar (or the mana.dist system property). */
    public static Path distDir() {
        String prop = System.getProperty("mana.dist");
        if (prop != null) {
            return Path.of(prop);
        }
        try {
            Path code = Path.of(RankLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isDirectory(code) ? code : code.getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    // ----- small helpers -----

    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "mana-wrap");
        t.setDaemon(true);
        t.start();
    }

    private static AppBundleFile.Result await(CompletableFuture<AppBundleFile.Result> f) throws AppBundleFile.BundleError {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof AppBundleFile.BundleError be) {
                throw be;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    private void mark(String what) {
        if (trace != null) {
            trace.mark(what);
        }
        if (verbose) {
            long now = System.nanoTime();
            timings.add(String.format("%-45s %6.1f ms", what, (now - last) / 1e6));
            last = now;
        }
    }

    private void printTimings() {
        String rank = java.util.Objects.requireNonNullElse(mana.launcher.mpi.WorldRank.rank(), "?");
        PrintStream err = System.err;
        long jvmStart = ProcessHandle.current().info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
        long nowMs = System.currentTimeMillis();
        long sinceJvm = jvmStart == 0 ? -1 : nowMs - jvmStart;
        StringBuilder sb = new StringBuilder();
        for (String t : timings) {
            sb.append("[mana rank ").append(rank).append("] ").append(t).append('\n');
        }
        sb.append(String.format("[mana rank %s] %-45s %6.1f ms (since JVM start: %d ms)%n", rank, "boot total (launcher main -> app main)",
                (System.nanoTime() - t0) / 1e6, sinceJvm));
        err.print(sb);
    }

    private static int fail(String message) {
        System.err.println("mana rank: " + oneLine(message));
        return BAD_INPUT;
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    /**
     * Deletes the framework's storage as the JVM exits. Plain {@code java.io.File} recursion: in
     * a JVM that is about to end, streams and lambdas would first have to be linked (a walk with
     * them took 60-250 ms of a rank's exit; this takes a few).
     */
    static void deleteTree(Path p) {
        if (p != null) {
            deleteTree(p.toFile());
        }
    }

    private static void deleteTree(java.io.File f) {
        java.io.File[] children = f.isDirectory() && !java.nio.file.Files.isSymbolicLink(f.toPath()) ? f.listFiles() : null;
        if (children != null) {
            for (java.io.File c : children) {
                deleteTree(c);
            }
        }
        f.delete(); // best effort
    }
}
