package mana.launcher.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JDK 25 AOT cache of rank JVMs that run on a JDK 25+ (JEPs 483/514/515: classes loaded and
 * linked, method profiles), one per class path: {@code rank-jni.aot} for the JNI binding's ranks
 * ({@code -jar mana-rank.jar}), {@code rank-ffm.aot} for the FFM lower half's
 * ({@code -cp mpi-ffm.jar:mana-rank.jar}, Open MPI and MPICH alike). Both class paths are
 * the same in every working directory (see {@link StartupCache}), which the cache needs.
 * {@code ./mana setup} builds them with a training job ({@code -XX:AOTCacheOutput}).
 *
 * <p>The JVM checks the cache itself (JVM build, class path jars' sizes and times) and ignores
 * one that does not fit; the options below keep it silent then. The key file beside the cache
 * (the JDK, every jar's name, size and time, and the cache's size) tells {@code mana run} before
 * it starts the ranks whether the cache still fits, so that it can say once that it does not.
 */
public final class AotCache {
    /** Which rank class path the cache is for. */
    public enum Flavor {
        JNI, FFM;

        String fileName() {
            return "rank-" + name().toLowerCase(java.util.Locale.ROOT) + ".aot";
        }
    }

    /** The first JDK with -XX:AOTCacheOutput (one-step training, JEP 514). */
    public static final int MIN_FEATURE = 25;

    private final StartupCache cache;
    private final Flavor flavor;
    private final Path jdk;
    private final Path lowerHalfJar;

    /**
     * @param jdk the rank JVM's JDK (its release file and module image are part of the key)
     * @param lowerHalfJar the FFM lower half's jar (part of the class path), or null
     */
    public AotCache(StartupCache cache, Flavor flavor, Path jdk, Path lowerHalfJar) {
        this.cache = cache;
        this.flavor = flavor;
        this.jdk = jdk;
        this.lowerHalfJar = lowerHalfJar;
    }

    /** The cache for the ranks of {@code runtime} (a JDK 25+). */
    public static AotCache of(StartupCache cache, mana.launcher.mpi.RankRuntime runtime) {
        Path jdk = runtime.java().getParent().getParent();
        return new AotCache(cache, runtime.ffm() ? Flavor.FFM : Flavor.JNI, jdk, runtime.lowerHalfJar());
    }

    public Path archive() {
        return cache.dir().resolve(flavor.fileName());
    }

    Path keyFile() {
        return cache.dir().resolve(flavor.fileName() + ".key");
    }

    /** The key of a cache that would fit now: the JDK (release file, module image) and the jars. */
    public String key() throws IOException {
        Path modules = jdk.resolve("lib/modules");
        String jvm = Files.readString(jdk.resolve("release"), StandardCharsets.UTF_8).strip() + " modules "
                + (Files.isRegularFile(modules) ? Files.size(modules) + " " + Files.getLastModifiedTime(modules).toMillis() : "absent");
        if (lowerHalfJar != null) {
            jvm += " lower " + lowerHalfJar.toAbsolutePath() + " " + Files.size(lowerHalfJar) + " "
                    + Files.getLastModifiedTime(lowerHalfJar).toMillis();
        }
        return flavor + " " + cache.key(jdk.toAbsolutePath().toString(), StartupCache.textKey(jvm));
    }

    /** The key file's text for a cache of {@code size} bytes built under {@code key}. */
    public static String keyFileText(String key, long size) {
        return key + "\n" + size + "\n";
    }

    /** Records a cache just moved into place. */
    public void writeKey(String key, Path tmp) throws IOException {
        Files.writeString(tmp, keyFileText(key, Files.size(archive())), StandardCharsets.UTF_8);
        Files.move(tmp, keyFile(), java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Whether the cache fits this JDK and these jars (and has the size it was built with). */
    public StartupCache.State state() {
        try {
            if (!Files.isRegularFile(archive()) || !Files.isRegularFile(keyFile())) {
                return StartupCache.State.MISSING;
            }
            List<String> lines = Files.readAllLines(keyFile(), StandardCharsets.UTF_8);
            return lines.size() >= 2 && lines.get(0).equals(key()) && lines.get(1).equals(Long.toString(Files.size(archive())))
                    ? StartupCache.State.CURRENT : StartupCache.State.STALE;
        } catch (IOException | RuntimeException e) {
            return StartupCache.State.MISSING;
        }
    }

    /** The rank JVM options: the cache, and the JVM's own messages about it off. */
    public List<String> rankOptions() {
        return List.of("-XX:AOTCache=" + archive(), "-Xlog:aot*=off", "-Xlog:cds*=off");
    }

    /** One line for the user when the cache cannot be used; null when it can. */
    public String warning(StartupCache.State s) {
        return switch (s) {
            case CURRENT -> null;
            case MISSING -> "no AOT cache " + archive() + " for the ranks' JDK: ranks start without it (./mana setup builds it)";
            case STALE -> "the AOT cache " + archive() + " was built for other jars or another JDK: ranks start without it"
                    + " (./mana setup rebuilds it)";
        };
    }
}
