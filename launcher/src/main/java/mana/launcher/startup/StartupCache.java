package mana.launcher.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The class-data archives {@code ./mana setup} builds ({@code .mana/startup/} of the repository):
 * {@code rank.jsa} for the rank JVMs, {@code cli.jsa} for the {@code mana} command's own JVM
 * (JDK 17 dynamic AppCDS, dumped at the end of a training job). A JVM started with one maps
 * the classes it holds already parsed, verified and linked, including the platform bundles'
 * classes that Felix's class loaders define (JDK 17 archives those as classes of unregistered
 * loaders and hands them back when the same bytes are defined again).
 *
 * <p>An archive fits only the jars it was dumped with: the JVM checks the size and modification
 * time of every jar on the class path and refuses the archive otherwise. The {@link #key} is a
 * hash of exactly that (and of the JVM) over the launcher, {@code lib/} and {@code bundles/},
 * written next to the archives; a key that no longer matches (a rebuild without setup, another
 * JDK) means "stale": the ranks start without the archive and {@code mana run} says so.
 */
public final class StartupCache {
    static final String FORMAT = "mana-startup-cache 1";
    public static final String RANK_ARCHIVE = "rank.jsa";
    public static final String CLI_ARCHIVE = "cli.jsa";
    public static final String KEY_FILE = "key";

    /** Whether the archives can be used. */
    public enum State {
        CURRENT, MISSING, STALE
    }

    private final Path dir;
    private final Path dist;

    /**
     * @param dir where the archives are ({@code .mana/startup})
     * @param dist the launcher's dist folder (mana-launcher.jar, lib/, bundles/)
     */
    public StartupCache(Path dir, Path dist) {
        this.dir = dir;
        this.dist = dist;
    }

    /** {@code MANA_HOME/.mana/startup}. */
    public static Path standardDir(Path home) {
        return home.resolve(".mana").resolve("startup");
    }

    public Path dir() {
        return dir;
    }

    public Path rankArchive() {
        return dir.resolve(RANK_ARCHIVE);
    }

    public Path cliArchive() {
        return dir.resolve(CLI_ARCHIVE);
    }

    /** The jars an archive depends on, in a fixed order: the launcher and rank jars, lib/, bundles/. */
    List<Path> jars() throws IOException {
        List<Path> jars = new ArrayList<>();
        for (String name : List.of("mana-launcher.jar", "mana-rank.jar")) {
            jars.add(dist.resolve(name));
        }
        for (String sub : List.of("lib", "bundles")) {
            Path d = dist.resolve(sub);
            if (Files.isDirectory(d)) {
                try (Stream<Path> s = Files.list(d)) {
                    s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted(Comparator.comparing(Path::toString))
                            .forEach(jars::add);
                }
            }
        }
        return jars;
    }

    /** The key of the archives that would fit now: the JVM, and every jar's name, size and modification time. */
    public String key(String javaHome, String vmVersion) throws IOException {
        StringBuilder text = new StringBuilder(FORMAT).append('\n');
        text.append("jvm ").append(javaHome).append(' ').append(vmVersion).append('\n');
        for (Path jar : jars()) {
            String rel = dist.relativize(jar).toString();
            if (Files.isRegularFile(jar)) {
                text.append(rel).append(' ').append(Files.size(jar)).append(' ').append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
            } else {
                text.append(rel).append(" absent\n");
            }
        }
        return textKey(text.toString());
    }

    /** The key of this JVM. */
    public String key() throws IOException {
        return key(System.getProperty("java.home"), System.getProperty("java.vm.version"));
    }

    /** What the archives are worth to a rank of this JVM now. */
    public State state() {
        try {
            if (!Files.isRegularFile(rankArchive()) || !Files.isRegularFile(dir.resolve(KEY_FILE))) {
                return State.MISSING;
            }
            List<String> lines = Files.readAllLines(dir.resolve(KEY_FILE), StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).trim().equals(key())) {
                return State.STALE;
            }
            // a truncated archive would crash the JVM (SIGBUS while mapping it): the size must be the one built
            return lines.contains(RANK_ARCHIVE + " " + Files.size(rankArchive())) ? State.CURRENT : State.STALE;
        } catch (IOException | RuntimeException e) {
            return State.MISSING;
        }
    }

    /**
     * The JVM options that give a rank the archive: the archive, and CDS's own messages off (a
     * JVM that cannot map it, e.g. after a JDK update, runs without it rather than printing on
     * the application's standard output).
     */
    public List<String> rankOptions() {
        return List.of("-XX:SharedArchiveFile=" + rankArchive(), "-Xlog:cds*=off");
    }

    /**
     * The key file's text: the key, then each archive's name and size (the {@code ./mana} script
     * checks the CLI archive's size before using it; a truncated archive crashes the JVM).
     */
    public static String keyFileText(String key, long cliSize, long rankSize) {
        return key + "\n" + CLI_ARCHIVE + " " + cliSize + "\n" + RANK_ARCHIVE + " " + rankSize + "\n";
    }

    /** One line for the user when the archives cannot be used; null when they can. */
    public String warning(State s) {
        return switch (s) {
            case CURRENT -> null;
            case MISSING -> "no start-up cache in " + dir + ": ranks start without class-data sharing (./mana setup builds it)";
            case STALE -> "the start-up cache in " + dir + " was built for other jars or another JVM: ranks start without it"
                    + " (./mana setup rebuilds it)";
        };
    }

    /** The key of a text ({@link TextKey}: no digest, so no security providers in the CLI's start). */
    static String textKey(String text) {
        return TextKey.of(text);
    }
}
