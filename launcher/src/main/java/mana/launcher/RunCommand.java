package mana.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;
import mana.launcher.rank.AppBundle;

/** {@code mana run}: checks the input, then runs mpirun with one rank launcher per rank. */
public final class RunCommand {
    private RunCommand() {
    }

    public static int run(List<String> args) throws UsageError {
        RunArgs ra = RunArgs.parse(args);
        if (ra.help()) {
            System.out.print(ShellOptions.help(RunArgs.HELP));
            return 0;
        }
        Path jar = checkJar(ra.appJar());
        PluginSupport.check(ra.shell(), Dist.dir());
        Path mpirun = Dist.onPath("mpirun")
                .orElseThrow(() -> new UsageError("run", "mpirun not found on PATH (install openmpi-bin, or run ./mana setup)"));
        Path launcher = Dist.launcherJar();
        if (!Files.isRegularFile(launcher)) {
            throw new UsageError("run", "launcher jar " + launcher + " not found (build with ./mana setup)");
        }
        // Bundle the application once for the whole job instead of once per rank.
        Path jobDir = null;
        try {
            jobDir = Files.createTempDirectory("mana-job-");
            Path wrapped = jobDir.resolve("app-bundle.jar");
            AppBundle.write(AppBundle.wrap(jar), wrapped);
            List<String> cmd = command(mpirun.toString(), ra, jar, wrapped, launcher, Dist.isRootUser());
            if (PluginSupport.singletonConsole(ra, System.console() != null)) {
                cmd = PluginSupport.withoutMpirun(cmd, Dist.java().toString());
            }
            if (Boolean.getBoolean("mana.verbose")) {
                System.err.println("[mana run] " + String.join(" ", cmd));
            }
            return exec(cmd);
        } catch (AppBundle.BundleError e) {
            throw new UsageError("run", e.getMessage());
        } catch (IOException e) {
            throw new UsageError("run", "cannot prepare the job directory: " + e.getMessage());
        } finally {
            deleteQuietly(jobDir);
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir; nothing to lose
        }
    }

    /** The mpirun command line. */
    static List<String> command(String mpirun, RunArgs ra, Path jar, Path wrapped, Path launcherJar, boolean root) {
        List<String> cmd = new ArrayList<>();
        cmd.add(mpirun);
        if (root && !ra.mpirunArgs().contains("--allow-run-as-root")) {
            cmd.add("--allow-run-as-root");
        }
        if (!ra.mpirunArgs().contains("--oversubscribe")) {
            cmd.add("--oversubscribe");
        }
        cmd.addAll(ra.mpirunArgs());
        cmd.add(Dist.java().toString());
        String opts = System.getenv("MANA_JAVA_OPTS");
        if (opts != null && !opts.isBlank()) {
            cmd.addAll(List.of(opts.trim().split("\\s+")));
        }
        if (ra.atFinalize() != null) {
            cmd.add("-Dmana.shell.atFinalize=" + ra.atFinalize());
        }
        cmd.addAll(PluginSupport.javaOptions(ra.shell()));
        for (String prop : List.of("mana.verbose", "mana.home")) {
            String v = System.getProperty(prop);
            if (v != null) {
                cmd.add("-D" + prop + "=" + v);
            }
        }
        cmd.add("-cp");
        cmd.add(launcherJar.toString());
        cmd.add("mana.launcher.Main");
        cmd.add("rank");
        if (ra.mainClass() != null) {
            cmd.add("--class");
            cmd.add(ra.mainClass());
        }
        if (wrapped != null) {
            cmd.add("--wrapped");
            cmd.add(wrapped.toString());
        }
        cmd.add(jar.toString());
        cmd.addAll(ra.appArgs());
        return cmd;
    }

    /** The application jar, absolute; a one-line error when it is missing or not a jar. */
    static Path checkJar(String name) throws UsageError {
        Path jar = Path.of(name).toAbsolutePath().normalize();
        if (!Files.exists(jar)) {
            throw new UsageError("run", name + ": no such file");
        }
        if (!Files.isRegularFile(jar) || !Files.isReadable(jar)) {
            throw new UsageError("run", name + ": not a readable file");
        }
        try (ZipFile z = new ZipFile(jar.toFile())) {
            if (z.size() == 0) {
                throw new UsageError("run", name + ": empty jar");
            }
        } catch (IOException e) {
            throw new UsageError("run", name + ": not a jar (" + e.getMessage() + ")");
        }
        return jar;
    }

    /** Runs a command with this process's stdin/stdout/stderr; its exit status. */
    static int exec(List<String> cmd) throws UsageError {
        Process p;
        try {
            p = new ProcessBuilder(cmd).inheritIO().start();
        } catch (IOException e) {
            throw new UsageError(null, "cannot start " + cmd.get(0) + ": " + e.getMessage());
        }
        Thread killer = new Thread(p::destroy, "mana-stop-child");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroy();
            Thread.currentThread().interrupt();
            return 130;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (IllegalStateException ignored) {
                // shutting down already
            }
        }
    }
}
