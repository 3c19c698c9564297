package mana.launcher.startup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;

/**
 * A Felix storage (bundle cache) with the platform bundles installed, kept under
 * {@code .mana/startup/felix-KEY} so that a rank starts from a copy of it instead of installing
 * every bundle. The key covers what the cached state depends on: every platform bundle jar
 * (path, size, modification time) and the framework configuration given as {@code config}
 * (system packages, start levels, the Felix version). A new key means new jars: the first rank
 * that finds no template for it makes one from its own storage right after installing, and
 * removes the templates of other keys.
 *
 * <p>The template holds a {@link #MANIFEST} written last, listing every file with its size and
 * CRC-32; a copy is used only when every file matches, so a partial or damaged template (a rank
 * killed while writing, a disk error) is skipped and the rank installs the bundles as before.
 * Felix's {@code cache.lock} is never copied. The application bundle is not in the template:
 * it is installed in every rank, after the copy.
 */
public final class StorageTemplate {
    public static final String MANIFEST = "mana-template";
    static final String FORMAT = "mana-felix-template 2";
    static final String PREFIX = "felix-";
    /** Felix's lock file of a storage in use: per process, never part of a template. */
    static final String LOCK = "cache.lock";

    private final Path dir;
    private final String key;

    private StorageTemplate(Path dir, String key) {
        this.dir = dir;
        this.key = key;
    }

    /**
     * The template for these bundles and this configuration under {@code templatesDir}
     * (which need not exist yet).
     */
    public static StorageTemplate of(Path templatesDir, List<Path> bundleJars, String config) throws IOException {
        StringBuilder text = new StringBuilder(FORMAT).append('\n').append(config).append('\n');
        for (Path jar : bundleJars) {
            text.append(jar.toAbsolutePath()).append(' ').append(Files.size(jar)).append(' ')
                    .append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
        }
        String key = key(text.toString());
        return new StorageTemplate(templatesDir.resolve(PREFIX + key), key);
    }

    /** See {@link TextKey}: no digest, so no security providers in a rank's start. */
    static String key(String text) {
        return TextKey.of(text);
    }

    public Path dir() {
        return dir;
    }

    public String key() {
        return key;
    }

    /** Whether a template exists for this key (complete or not: {@link #copyInto} checks). */
    public boolean exists() {
        return Files.isDirectory(dir);
    }

    /**
     * Copies the template into an empty storage folder. Throws, leaving {@code storage} to be
     * emptied by the caller, when the template is incomplete or a file differs from the manifest.
     */
    public void copyInto(Path storage) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(MANIFEST), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException("no manifest (an incomplete template)");
        }
        if (lines.size() < 2 || !lines.get(0).equals(FORMAT) || !lines.get(1).equals(key)) {
            throw new IOException("its manifest is not one of this key");
        }
        for (String line : lines.subList(2, lines.size())) {
            // "SIZE CRC PATH" (the path last: it may hold spaces)
            String[] f = line.split(" ", 3);
            if (f.length != 3 || f[2].startsWith("/") || f[2].contains("..")) {
                throw new IOException("bad manifest line: " + line);
            }
            Path from = dir.resolve(f[2]);
            byte[] bytes = Files.readAllBytes(from);
            if (bytes.length != Long.parseLong(f[0]) || crc(bytes) != Long.parseLong(f[1], 16)) {
                throw new IOException(f[2] + " differs from the manifest");
            }
            Path to = storage.resolve(f[2]);
            Files.createDirectories(to.getParent());
            Files.write(to, bytes);
        }
    }

    /**
     * Makes this template from a storage whose platform bundles were just installed: written
     * under a temporary name and renamed into place, so a reader sees all of it or nothing.
     * Another rank making the same template at the same time is fine (the first rename wins).
     * Templates of other keys are removed. Best effort: returns a reason when it did not work.
     */
    public String createFrom(Path storage) {
        return createFrom(storage, rel -> true, false);
    }

    /**
     * {@link #createFrom(Path)} of the files {@code take} accepts (given their path relative to
     * the storage, with '/' between names); with {@code replace}, a template of this key that
     * is already there (found damaged) is replaced.
     */
    public String createFrom(Path storage, java.util.function.Predicate<String> take, boolean replace) {
        Path parent = dir.getParent();
        Path tmp = null;
        try {
            Files.createDirectories(parent);
            tmp = Files.createTempDirectory(parent, ".tmp-" + PREFIX);
            StringBuilder manifest = new StringBuilder(FORMAT).append('\n').append(key).append('\n');
            for (Path file : files(storage)) {
                Path rel = storage.relativize(file);
                if (rel.getFileName().toString().equals(LOCK) || !take.test(rel.toString().replace('\\', '/'))) {
                    continue;
                }
                byte[] bytes = Files.readAllBytes(file);
                Path to = tmp.resolve(rel.toString());
                Files.createDirectories(to.getParent());
                Files.write(to, bytes);
                manifest.append(bytes.length).append(' ').append(Long.toHexString(crc(bytes))).append(' ').append(rel).append('\n');
            }
            Files.writeString(tmp.resolve(MANIFEST), manifest, StandardCharsets.UTF_8);
            if (replace && Files.isDirectory(dir)) {
                // a damaged template of this key: moved aside (readers see it whole or not at all), then deleted
                Path old = Files.createTempDirectory(parent, ".tmp-" + PREFIX + "old-");
                Files.move(dir, old.resolve("t"), StandardCopyOption.ATOMIC_MOVE);
                deleteTree(old);
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                tmp = null;
            } catch (AtomicMoveNotSupportedException e) {
                return "cannot rename within " + parent;
            } catch (IOException e) {
                if (!Files.isDirectory(dir)) {
                    throw e;
                }
                // another rank was first (rename(2) onto a non-empty folder fails: ENOTEMPTY)
            }
            removeOthers(parent);
            return null;
        } catch (IOException | RuntimeException e) {
            return String.valueOf(e.getMessage());
        } finally {
            deleteTree(tmp);
        }
    }

    /** Removes the templates of other keys (and temporary folders older than a minute). */
    private void removeOthers(Path parent) throws IOException {
        long old = System.currentTimeMillis() - 60_000;
        try (Stream<Path> s = Files.list(parent)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                boolean otherKey = n.startsWith(PREFIX) && !p.equals(dir);
                boolean staleTmp = n.startsWith(".tmp-" + PREFIX) && Files.getLastModifiedTime(p).toMillis() < old;
                if (otherKey || staleTmp) {
                    deleteTree(p);
                }
            }
        }
    }

    /** Regular files under the folder, in a fixed order. */
    static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return new ArrayList<>(s.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList());
        }
    }

    /** Empties a folder (the storage after a failed copy). */
    public static void clear(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) {
                deleteTree(p);
            }
        }
    }

    private static long crc(byte[] bytes) {
        CRC32 c = new CRC32();
        c.update(bytes);
        return c.getValue();
    }

    static void deleteTree(Path p) {
        if (p == null || !Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        } catch (IOException | RuntimeException e) {
            // best effort
        }
    }
}
