package mana.launcher.startup;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * The application bundles bndlib made, by the content of what they were made from: a job whose
 * jar (or class path) and launcher are the same as an earlier job's takes the bundle from here
 * instead of running bndlib again (about a second of a cold JVM). An entry is the bundle
 * ({@code KEY.jar}) and the warnings bndlib's wrapping gave ({@code KEY.warnings}), shown again
 * on every use. The newest {@link #KEEP} entries are kept.
 *
 * <p>The key covers the content, name and place of every input (a directory: every file in it)
 * and of the jars that do the wrapping (the launcher, bndlib), so a rebuilt jar or a new
 * launcher never meets an old bundle. Content is summed with CRC-32 and Adler-32 (native code:
 * a cold JVM sums 3 MB in a few milliseconds, where SHA-256 takes 0.2 s) and the length; the
 * cache lives in the user's own directory, so it guards against change, not against an
 * attacker (who could change the jar itself).
 */
public final class AppBundleCache {
    static final int KEEP = 32;
    static final String FORMAT = "mana-app-bundle-cache 1";

    private final Path dir;

    public AppBundleCache(Path dir) {
        this.dir = dir;
    }

    /**
     * {@code -Dmana.appBundleCache=DIR} ({@code off}: none), else {@code $XDG_CACHE_HOME/mana/app-bundles},
     * else {@code ~/.cache/mana/app-bundles}; empty when switched off.
     */
    public static Optional<AppBundleCache> standard() {
        String p = System.getProperty("mana.appBundleCache");
        if (p != null && p.equals("off")) {
            return Optional.empty();
        }
        if (p != null && !p.isBlank()) {
            return Optional.of(new AppBundleCache(Path.of(p)));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return Optional.of(new AppBundleCache(base.resolve("mana").resolve("app-bundles")));
    }

    /**
     * The key of a wrapping.
     *
     * @param how what kind of wrapping and its parameters (e.g. jar + symbolic name, or class path + main class)
     * @param inputs the application's jars and class directories, in order
     * @param tools the jars whose code does the wrapping
     */
    public static String key(List<String> how, List<Path> inputs, List<Path> tools) throws IOException {
        StringBuilder text = new StringBuilder(FORMAT).append('\n');
        how.forEach(h -> text.append("how ").append(h).append('\n'));
        for (Path p : inputs) {
            describe(text, "input", p);
        }
        for (Path p : tools) {
            describe(text, "tool", p);
        }
        return TextKey.of(text.toString());
    }

    private static void describe(StringBuilder text, String role, Path p) throws IOException {
        Path abs = p.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            text.append(role).append(" dir ").append(abs).append('\n');
            List<Path> files;
            try (Stream<Path> s = Files.walk(abs)) {
                files = s.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList();
            } catch (java.io.UncheckedIOException e) {
                throw e.getCause();
            }
            for (Path f : files) {
                text.append("  ").append(abs.relativize(f)).append(' ').append(sum(f)).append('\n');
            }
        } else {
            text.append(role).append(" file ").append(abs).append(' ').append(sum(abs)).append('\n');
        }
    }

    /** Length, CRC-32 and Adler-32 of a file's content. */
    static String sum(Path f) throws IOException {
        CRC32 crc = new CRC32();
        Adler32 adler = new Adler32();
        long length = 0;
        byte[] buf = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(f)) {
            for (int n; (n = in.read(buf)) > 0;) {
                crc.update(buf, 0, n);
                adler.update(buf, 0, n);
                length += n;
            }
        }
        return length + ":" + Long.toHexString(crc.getValue()) + ":" + Long.toHexString(adler.getValue());
    }

    /** A bundle found in the cache: where it is and the warnings its wrapping gave. */
    public record Hit(Path bundle, List<String> warnings) {
    }

    /** The bundle for this key, when there is one (its use is recorded for {@link #prune}). */
    public Optional<Hit> find(String key) {
        Path jar = dir.resolve(key + ".jar");
        Path warnings = dir.resolve(key + ".warnings");
        if (!Files.isRegularFile(jar) || !Files.isRegularFile(warnings)) {
            return Optional.empty();
        }
        try {
            List<String> w = Files.readAllLines(warnings, StandardCharsets.UTF_8);
            Files.setLastModifiedTime(jar, FileTime.fromMillis(System.currentTimeMillis()));
            return Optional.of(new Hit(jar, w));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Saves a bundle (atomically: a concurrent job sees all of it or nothing) and prunes the oldest. */
    public void store(String key, byte[] bundle, List<String> warnings) throws IOException {
        Files.createDirectories(dir);
        // warnings first: find() wants both, and the jar is what makes an entry
        write(dir.resolve(key + ".warnings"), String.join("\n", warnings).getBytes(StandardCharsets.UTF_8));
        write(dir.resolve(key + ".jar"), bundle);
        prune(KEEP);
    }

    private static void write(Path target, byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        try {
            Files.write(tmp, bytes);
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Keeps the {@code keep} most recently used bundles. */
    void prune(int keep) throws IOException {
        List<Path> jars;
        try (Stream<Path> s = Files.list(dir)) {
            jars = new ArrayList<>(s.filter(p -> p.getFileName().toString().endsWith(".jar")).toList());
        }
        if (jars.size() <= keep) {
            return;
        }
        jars.sort(Comparator.comparing(AppBundleCache::mtime).reversed());
        for (Path old : jars.subList(keep, jars.size())) {
            String name = old.getFileName().toString();
            Files.deleteIfExists(old);
            Files.deleteIfExists(old.resolveSibling(name.substring(0, name.length() - 4) + ".warnings"));
        }
    }

    private static FileTime mtime(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** For messages. */
    public Path dir() {
        return dir;
    }
}
