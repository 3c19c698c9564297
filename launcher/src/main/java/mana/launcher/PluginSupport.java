package mana.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** The CLI side of {@link ShellOptions}: checks them before mpirun starts, and passes them to the ranks. */
final class PluginSupport {
    /** System properties the rank launcher reads (mana.launcher.rank.RankLauncher). */
    static final String PLUGINS = "mana.plugins";
    static final String WITHOUT = "mana.withoutBundles";
    static final String CONSOLE = "mana.console";

    private PluginSupport() {
    }

    /** One-line errors for a plugins path that is not a folder and for bundle names no platform bundle has. */
    static void check(ShellOptions shell, Path dist) throws UsageError {
        if (shell.plugins() != null) {
            Path dir = Path.of(shell.plugins()).toAbsolutePath().normalize();
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new UsageError("run", "--plugins " + shell.plugins() + ": not a folder");
            }
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw new UsageError("run", "--plugins " + shell.plugins() + ": cannot create the folder (" + e.getMessage() + ")");
            }
        }
        if (!shell.withoutBundles().isEmpty()) {
            TreeSet<String> known = symbolicNames(dist.resolve("bundles"));
            for (String bsn : shell.withoutBundles()) {
                if (!known.contains(bsn)) {
                    throw new UsageError("run", "--without-bundle " + bsn + ": no such platform bundle (there are: "
                            + String.join(", ", known) + ")");
                }
            }
        }
        if (shell.console() && !Files.isDirectory(dist.resolve("console"))) {
            throw new UsageError("run", "--console: the console bundles are missing from " + dist.resolve("console")
                    + " (rebuild the launcher)");
        }
    }

    /** The -D options that carry the shell options to every rank. */
    static List<String> javaOptions(ShellOptions shell) {
        List<String> opts = new ArrayList<>();
        if (shell == null) {
            return opts;
        }
        if (shell.plugins() != null) {
            opts.add("-D" + PLUGINS + "=" + Path.of(shell.plugins()).toAbsolutePath().normalize());
        }
        if (!shell.withoutBundles().isEmpty()) {
            opts.add("-D" + WITHOUT + "=" + String.join(",", shell.withoutBundles()));
        }
        if (shell.console()) {
            opts.add("-D" + CONSOLE + "=true");
        }
        return opts;
    }

    /**
     * {@code --console -np 1} on a terminal runs the one rank without mpirun (an MPI singleton),
     * so that JLine gets the real terminal (line editing, history, completion); through mpirun
     * a rank's standard input is a pipe.
     */
    static boolean singletonConsole(RunArgs ra, boolean onTerminal) {
        return ra.shell() != null && ra.shell().console() && onTerminal && Integer.valueOf(1).equals(ra.ranks())
                && ra.mpirunArgs().size() == 2;
    }

    /** The rank's own command: the mpirun command line from the Java executable on. */
    static List<String> withoutMpirun(List<String> cmd, String java) {
        int at = cmd.indexOf(java);
        return at < 0 ? cmd : new ArrayList<>(cmd.subList(at, cmd.size()));
    }

    /** Bundle-SymbolicName of every jar in a folder (without directives). */
    static TreeSet<String> symbolicNames(Path folder) {
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(folder)) {
            for (Path jar : s.filter(p -> p.toString().endsWith(".jar")).toList()) {
                try (JarFile jf = new JarFile(jar.toFile())) {
                    String bsn = jf.getManifest() == null ? null
                            : jf.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                    if (bsn != null) {
                        names.add(bsn.split(";")[0].trim());
                    }
                } catch (IOException e) {
                    // not a jar: the rank launcher reports it
                }
            }
        } catch (IOException e) {
            // no folder: nothing is known
        }
        return names;
    }
}
