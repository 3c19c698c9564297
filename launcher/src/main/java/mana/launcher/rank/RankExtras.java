package mana.launcher.rank;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.startlevel.BundleStartLevel;

/**
 * The rank side of {@code mana run --plugins DIR}, {@code --without-bundle BSN} and
 * {@code --console}: which platform bundles to leave out, Apache Felix FileInstall watching the
 * plugins folder, and the Gogo JLine console on rank 0. The extra bundles live beside
 * {@code dist/bundles} (in {@code dist/optional} and {@code dist/console}) so that a plain job
 * never starts them: gogo.jline must never run next to gogo.shell, and FileInstall without a
 * folder would watch ./load.
 */
final class RankExtras {
    static final String PLUGINS = "mana.plugins";
    static final String WITHOUT = "mana.withoutBundles";
    static final String CONSOLE = "mana.console";
    static final String FILEINSTALL = "org.apache.felix.fileinstall";

    private RankExtras() {
    }

    /** Framework properties for FileInstall and the console (user -D settings win). */
    static void configure(Map<String, String> config) {
        String plugins = config.get(PLUGINS);
        if (plugins != null && !plugins.isBlank()) {
            config.putIfAbsent("felix.fileinstall.dir", plugins);
            config.putIfAbsent("felix.fileinstall.poll", "1000");
            config.putIfAbsent("felix.fileinstall.noInitialDelay", "true");
            config.putIfAbsent("felix.fileinstall.filter", ".*\\.jar");
            config.putIfAbsent("felix.fileinstall.log.level", "1");
        }
        if (Boolean.parseBoolean(config.get(CONSOLE))) {
            if (isConsoleRank()) {
                // gogo.jline's own console only registers its commands; mana.console runs the session.
                config.putIfAbsent("gosh.args", "--nointeractive --noshutdown");
                config.put("gosh.home", goshHome(config.get("mana.dist")).toString());
                // Standard input that is not a terminal gets JLine's dumb terminal, without a warning.
                if (System.getProperty("org.jline.terminal.dumb") == null) {
                    System.setProperty("org.jline.terminal.dumb", "true");
                }
            } else {
                config.put(CONSOLE, "false");
            }
        }
    }

    /**
     * A gosh home whose etc/gosh_profile runs gogo.jline's own profile only in a session with a
     * line reader (the console of bundle mana.console), not in gogo.jline's non-interactive one,
     * where it fails; and sets a prompt that names the rank.
     */
    static Path goshHome(String distProperty) {
        try {
            Path home = Files.createTempDirectory("mana-console-");
            Path etc = Files.createDirectories(home.resolve("etc"));
            Path profile = etc.resolve("gosh_profile");
            String gogoJline = jars(Path.of(distProperty != null ? distProperty : RankLauncher.distDir().toString())
                    .resolve("console")).stream().filter(p -> p.getFileName().toString().startsWith("org.apache.felix.gogo.jline"))
                    .map(p -> "jar:" + p.toUri() + "!/gosh_profile").findFirst().orElse(null);
            String rank = java.util.Objects.requireNonNullElse(mana.launcher.mpi.WorldRank.rank(), "0");
            Files.writeString(profile, gogoJline == null ? "" : "if { $.reader } { source " + gogoJline + " }\n"
                    + "prompt = 'mana rank " + rank + "> '\n\\#rprompt = ''\n");
            for (Path p : List.of(home, etc, profile)) {
                p.toFile().deleteOnExit();
            }
            return home;
        } catch (IOException | RankLauncher.RankError e) {
            return Path.of(System.getProperty("java.io.tmpdir"));
        }
    }

    /** mpirun gives standard input to rank 0 only; a rank started without mpirun is rank 0. */
    static boolean isConsoleRank() {
        String rank = mana.launcher.mpi.WorldRank.rank();
        return rank == null || rank.equals("0");
    }

    /** Leaves out the platform bundles named by --without-bundle and adds FileInstall and the console bundles. */
    static void apply(BundleContext context, Path dist, int consoleStartLevel)
            throws RankLauncher.RankError, BundleException {
        Set<String> without = names(context.getProperty(WITHOUT));
        for (Bundle b : context.getBundles()) {
            if (b.getBundleId() != 0 && without.contains(b.getSymbolicName())) {
                b.uninstall();
            }
        }
        String plugins = context.getProperty(PLUGINS);
        if (plugins != null && !plugins.isBlank()) {
            for (Path jar : jars(dist.resolve("optional"))) {
                if (jar.getFileName().toString().startsWith(FILEINSTALL)) {
                    context.installBundle("reference:" + jar.toUri()).start();
                }
            }
        }
        if (Boolean.parseBoolean(context.getProperty(CONSOLE))) {
            for (Path jar : jars(dist.resolve("console"))) {
                Bundle b = context.installBundle("reference:" + jar.toUri());
                b.adapt(BundleStartLevel.class).setStartLevel(consoleStartLevel);
                b.start();
            }
        }
    }

    private static Set<String> names(String list) {
        return list == null ? Set.of()
                : Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toSet());
    }

    private static List<Path> jars(Path folder) throws RankLauncher.RankError {
        if (!Files.isDirectory(folder)) {
            throw new RankLauncher.RankError("no folder " + folder + " (rebuild the launcher)");
        }
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted(Comparator.comparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            throw new RankLauncher.RankError("cannot list " + folder + ": " + e.getMessage());
        }
    }
}
