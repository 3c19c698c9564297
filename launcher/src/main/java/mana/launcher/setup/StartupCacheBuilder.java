package mana.launcher.setup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import mana.launcher.mpi.MpiImplementation;
import mana.launcher.mpi.MpiOption;
import mana.launcher.mpi.RankRuntime;
import mana.launcher.startup.AotCache;
import mana.launcher.startup.StartupCache;

/**
 * Builds the start-up cache ({@link StartupCache}) as the last step of {@code ./mana setup}:
 * one training job, {@code mana run -np 1} of Open MPI's Hello, whose CLI JVM and rank JVM each
 * dump the classes they loaded into a dynamic archive at exit ({@code -XX:ArchiveClassesAtExit}),
 * after a first job that makes the Felix storage template when there is none.
 * The application bundle cache is off for it, so that bndlib's classes are in the CLI archive
 * too. Nothing happens when the key written with the archives still matches. The job runs in an
 * empty temporary directory: the archives must not depend on where jobs run. Then, for rank
 * JVMs that run on a JDK 25+ (the FFM lower half's; the JNI binding's with {@code MANA_RANK_JDK}),
 * one training job each that writes their {@link AotCache}.
 *
 * <p>{@code java -Dmana.home=ROOT -cp dist/mana-launcher.jar mana.launcher.setup.StartupCacheBuilder [-q]};
 * exit 0 when the cache is current or was built, 1 when it could not be (setup then warns and
 * goes on: jobs run without it).
 */
public final class StartupCacheBuilder {
    static final long TRAINING_TIMEOUT_S = 600;

    private StartupCacheBuilder() {
    }

    public static void main(String[] args) {
        boolean quiet = List.of(args).contains("-q");
        Path home = Path.of(System.getProperty("mana.home", ".")).toAbsolutePath().normalize();
        Path dist = home.resolve("launcher/target/dist");
        StartupCache cache = new StartupCache(StartupCache.standardDir(home), dist);
        int rc = 0;
        try {
            if (cache.state() == StartupCache.State.CURRENT && Files.isRegularFile(cache.cliArchive())) {
                if (!quiet) {
                    System.out.println("[mana setup] start-up cache is current (" + cache.dir() + ")");
                }
            } else {
                System.out.println("[mana setup] building the start-up cache (class-data archives, one training job)");
                build(home, dist, cache);
                System.out.println("[mana setup] start-up cache built in " + cache.dir());
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("[mana setup] warning: no start-up cache: " + String.valueOf(e.getMessage()).strip());
            markFailed(cache);
            rc = 1;
        }
        for (RankRuntime runtime : aotRuntimes(home)) {
            AotCache aot = AotCache.of(cache, runtime);
            try {
                if (aot.state() == StartupCache.State.CURRENT) {
                    if (!quiet) {
                        System.out.println("[mana setup] AOT cache is current (" + aot.archive() + ")");
                    }
                    continue;
                }
                System.out.println("[mana setup] building the AOT cache " + aot.archive().getFileName() + " (" + runtime.java()
                        + ", one training job)");
                buildAot(home, dist, aot, runtime);
            } catch (IOException | RuntimeException e) {
                System.err.println("[mana setup] warning: no AOT cache " + aot.archive().getFileName() + ": "
                        + String.valueOf(e.getMessage()).strip());
                rc = 1;
            }
        }
        System.exit(rc);
    }

    /**
     * The rank runtimes on a JDK 25+ that jobs use: the JNI binding's when its ranks run on one
     * ({@link RankRuntime#RANK_JDK_ENV}), the FFM lower half's when setup built it.
     */
    static List<RankRuntime> aotRuntimes(Path home) {
        List<RankRuntime> list = new ArrayList<>();
        Path launcherJava = Path.of(System.getProperty("java.home"), "bin", "java");
        for (MpiImplementation mpi : List.of(MpiImplementation.OPENMPI_JNI, MpiImplementation.OPENMPI)) {
            try {
                RankRuntime r = MpiOption.runtime(mpi, home, launcherJava);
                if (!r.java().equals(launcherJava) && r.jdkFeature() >= AotCache.MIN_FEATURE) {
                    list.add(r);
                }
            } catch (MpiOption.Invalid e) {
                // not installed or not built: nothing to cache
            }
        }
        return list;
    }

    /**
     * The training jobs run in transparent mode: the application's classes are then woven, so the
     * archives also hold the weaver's classes (ASM among them, about 100) and the heap capture's,
     * which a transparent rank otherwise loads and links from the jars (about 50 ms of its start).
     * A job that is not transparent loads a subset of the same classes and maps the rest unused.
     * The JDK 25 AOT cache too: every rank gets the transparent mode's {@code --add-opens}
     * ({@code RankRuntime.rankJvmOptions}), woven or not, so a cache trained woven loads in any rank.
     */
    static final String TRAINING_MODE = "--transparent";

    /**
     * One training job ({@code mana run -np 1} of Hello on {@code runtime}, in an empty
     * directory) whose rank writes the AOT cache at exit ({@code -XX:AOTCacheOutput}); the cache
     * must then load in a JVM started as a rank is ({@code -XX:AOTMode=on} fails otherwise)
     * before it replaces the old one.
     */
    static void buildAot(Path home, Path dist, AotCache aot, RankRuntime runtime) throws IOException {
        String key = aot.key();
        Files.createDirectories(aot.archive().getParent());
        Path work = Files.createTempDirectory(aot.archive().getParent(), "building-");
        Path cwd = Files.createTempDirectory("mana-startup-training-");
        try {
            Path out = work.resolve(aot.archive().getFileName());
            Path hello = home.resolve("examples/target/hello.jar");
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Dmana.home=" + home, "-Dmana.startupCache=off",
                    "-jar", dist.resolve("mana-launcher.jar").toString(), "run", TRAINING_MODE, "-np", "1"));
            if (runtime.ffm()) {
                cmd.addAll(List.of("--mpi", runtime.mpi().cliName()));
            }
            cmd.add(hello.toString());
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                    .redirectOutput(work.resolve("training.log").toFile());
            pb.environment().put("MANA_JAVA_OPTS", "-XX:AOTCacheOutput=" + out);
            pb.environment().put("MANA_WEAVE_CACHE", "off"); // the training weaves; the user's cache is not its to fill
            if (!runtime.ffm()) {
                pb.environment().put(RankRuntime.RANK_JDK_ENV, runtime.java().getParent().getParent().toString());
            }
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(TRAINING_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException("the training job did not end within " + TRAINING_TIMEOUT_S + " s");
            }
            String log = Files.readString(work.resolve("training.log"), StandardCharsets.UTF_8);
            if (p.exitValue() != 0 || !log.contains("Hello world from rank 0 of 1") || !Files.isRegularFile(out)
                    || Files.size(out) == 0) {
                throw new IOException("the training job failed (exit " + p.exitValue() + "): " + tail(log));
            }
            verifyAot(dist, runtime, out);
            if (!key.equals(aot.key())) {
                throw new IOException("the jars changed during the training job; run ./mana setup again");
            }
            Files.move(out, aot.archive(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            aot.writeKey(key, work.resolve("key"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            deleteTree(work);
            deleteTree(cwd);
        }
    }

    /** The rank launcher without arguments on the new cache, as a rank starts: exit 2 (its usage). */
    static void verifyAot(Path dist, RankRuntime runtime, Path archive) throws IOException, InterruptedException {
        Path launcher = dist.resolve("mana-launcher.jar");
        List<String> cmd = new ArrayList<>(List.of(runtime.java().toString(), "-cp", launcher.toString(), "-XX:AOTMode=on",
                "-XX:AOTCache=" + archive));
        cmd.addAll(runtime.rankJvmOptions());
        cmd.add("-Xbootclasspath/a:" + dist.resolve("lib").resolve("mana-rank-boot.jar"));
        cmd.addAll(runtime.mainAndClassPath(dist.resolve("mana-rank.jar"), "mana.launcher.boot.RankMain"));
        cmd.add("rank");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("checking the AOT cache timed out: " + String.join(" ", cmd));
        }
        if (p.exitValue() != 2) {
            throw new IOException("a JVM cannot use the new AOT cache (exit " + p.exitValue() + "): " + tail(out));
        }
    }

    /**
     * A key file that matches no key: the cache reads as stale (jobs run without it, mana run
     * says so) and, being newer than the launcher jar, keeps the ./mana script from trying again
     * on every command; ./mana setup tries again.
     */
    private static void markFailed(StartupCache cache) {
        try {
            Files.createDirectories(cache.dir());
            Files.writeString(cache.dir().resolve(StartupCache.KEY_FILE), "failed\n", StandardCharsets.UTF_8);
        } catch (IOException ignored) {
            // then the script tries again next time
        }
    }

    static void build(Path home, Path dist, StartupCache cache) throws IOException {
        String key = cache.key();
        Files.createDirectories(cache.dir());
        Path work = Files.createTempDirectory(cache.dir(), "building-");
        Path cwd = Files.createTempDirectory("mana-startup-training-");
        try {
            Path cli = work.resolve(StartupCache.CLI_ARCHIVE);
            Path rank = work.resolve(StartupCache.RANK_ARCHIVE);
            Path hello = home.resolve("examples/target/hello.jar");
            if (!Files.isRegularFile(hello)) {
                throw new IOException(hello + " is missing (the build makes it)");
            }
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            // A job first that makes the Felix storage template if there is none for these bundles
            // (its rank 0 does at exit), so that the training rank starts from it as ranks will,
            // and the archive holds the classes of that path. A failure here is the training's to report.
            ProcessBuilder pre = new ProcessBuilder(java.toString(), "-Dmana.home=" + home, "-Dmana.startupCache=off",
                    "-jar", dist.resolve("mana-launcher.jar").toString(), "run", "-np", "1", hello.toString())
                    .directory(cwd.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pre.environment().remove(RankRuntime.RANK_JDK_ENV); // the archives are of the launcher's JVM
            Process first = pre.start();
            first.getOutputStream().close();
            if (!first.waitFor(TRAINING_TIMEOUT_S, TimeUnit.SECONDS)) {
                first.descendants().forEach(ProcessHandle::destroyForcibly);
                first.destroyForcibly();
            }
            List<String> cmd = new ArrayList<>(List.of(java.toString(), "-XX:ArchiveClassesAtExit=" + cli,
                    "-Dmana.home=" + home, "-Dmana.startupCache=off", "-Dmana.appBundleCache=off",
                    "-jar", dist.resolve("mana-launcher.jar").toString(), "run", TRAINING_MODE, "-np", "1", hello.toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
                    .redirectOutput(work.resolve("training.log").toFile());
            pb.environment().put("MANA_JAVA_OPTS", "-XX:ArchiveClassesAtExit=" + rank);
            pb.environment().put("MANA_WEAVE_CACHE", "off"); // the training weaves; the user's cache is not its to fill
            pb.environment().remove(RankRuntime.RANK_JDK_ENV);
            Process p = pb.start();
            p.getOutputStream().close();
            if (!p.waitFor(TRAINING_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new IOException("the training job did not end within " + TRAINING_TIMEOUT_S + " s");
            }
            String log = Files.readString(work.resolve("training.log"), StandardCharsets.UTF_8);
            if (p.exitValue() != 0 || !log.contains("Hello world from rank 0 of 1")) {
                throw new IOException("the training job failed (exit " + p.exitValue() + "): " + tail(log));
            }
            for (Path a : List.of(cli, rank)) {
                if (!Files.isRegularFile(a) || Files.size(a) == 0) {
                    throw new IOException("the training job wrote no archive " + a.getFileName() + ": " + tail(log));
                }
            }
            verify(java, dist, cli, rank);
            // the jars must not have changed while the job ran (a build at the same time)
            if (!key.equals(cache.key())) {
                throw new IOException("the jars changed during the training job; run ./mana setup again");
            }
            String keyText = StartupCache.keyFileText(key, Files.size(cli), Files.size(rank));
            Files.move(rank, cache.rankArchive(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.move(cli, cache.cliArchive(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Path keyTmp = work.resolve(StartupCache.KEY_FILE);
            Files.writeString(keyTmp, keyText, StandardCharsets.UTF_8);
            Files.move(keyTmp, cache.dir().resolve(StartupCache.KEY_FILE), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } finally {
            deleteTree(work);
            deleteTree(cwd);
        }
    }

    /**
     * Each archive must map in a JVM started as the CLI's and the ranks' are ({@code -Xshare:on}:
     * a JVM that cannot use it stops at once), before it replaces the old one: a damaged archive
     * would otherwise fail every job (a truncated one crashes the JVM while mapping it).
     */
    static void verify(Path java, Path dist, Path cli, Path rank) throws IOException, InterruptedException {
        Path boot = dist.resolve("lib").resolve("mana-rank-boot.jar");
        List<List<String>> checks = List.of(
                List.of(java.toString(), "-Xshare:on", "-XX:SharedArchiveFile=" + cli, "-jar", dist.resolve("mana-launcher.jar").toString(),
                        "version"),
                // the rank without arguments: the JVM maps the archive, the launcher prints its usage and exits 2
                List.of(java.toString(), "-cp", dist.resolve("mana-launcher.jar").toString(), "-Xshare:on", "-XX:SharedArchiveFile=" + rank,
                        "-Xbootclasspath/a:" + boot, "-jar", dist.resolve("mana-rank.jar").toString(), "rank"));
        int[] expected = {0, 2};
        for (int i = 0; i < checks.size(); i++) {
            Process p = new ProcessBuilder(checks.get(i)).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("checking the archive timed out: " + String.join(" ", checks.get(i)));
            }
            if (p.exitValue() != expected[i]) {
                throw new IOException("a JVM cannot use the new archive (exit " + p.exitValue() + "): " + tail(out));
            }
        }
    }

    private static String tail(String log) {
        String s = log.strip();
        return s.length() > 2000 ? "..." + s.substring(s.length() - 2000) : s;
    }

    private static void deleteTree(Path p) {
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory
        }
    }
}
