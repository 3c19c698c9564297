package mana.launcher.rank;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * An application class path as {@code java -cp} reads it: entries separated by {@code :}, each a
 * directory of classes or a jar; an empty entry is the current directory and an entry ending in
 * {@code *} stands for the jars of its directory (name order). Entries that do not exist are
 * left out, as java does, but reported so that a typo does not end as "class not found".
 */
public record AppClassPath(List<Path> entries, List<String> missing) {

    /** Thrown for a class path that cannot be used; the message is one line for the user. */
    public static final class ClassPathError extends Exception {
        public ClassPathError(String message) {
            super(message);
        }
    }

    /** Resolves the entries against {@code cwd}; absolute, normalized, wildcards expanded. */
    public static AppClassPath parse(String value, Path cwd) throws ClassPathError {
        if (value == null || value.isBlank()) {
            throw new ClassPathError("empty class path");
        }
        List<Path> entries = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String e : value.split(File.pathSeparator, -1)) {
            if (e.equals("*") || e.endsWith(File.separator + "*")) {
                Path dir = cwd.resolve(e.substring(0, e.length() - 1)).normalize();
                if (!Files.isDirectory(dir)) {
                    missing.add(e);
                    continue;
                }
                try (Stream<Path> s = Files.list(dir)) {
                    s.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".jar") && Files.isRegularFile(p))
                            .sorted(Comparator.comparing(Path::toString)).forEach(entries::add);
                } catch (IOException x) {
                    throw new ClassPathError(e + ": cannot list the directory (" + x.getMessage() + ")");
                }
                continue;
            }
            Path p = cwd.resolve(e).toAbsolutePath().normalize();
            if (Files.isDirectory(p) || Files.isRegularFile(p)) {
                entries.add(p);
            } else {
                missing.add(e.isEmpty() ? "." : e);
            }
        }
        List<Path> distinct = withManifestClassPaths(entries);
        if (distinct.isEmpty()) {
            throw new ClassPathError("no usable class path entry in '" + value + "'"
                    + (missing.isEmpty() ? "" : " (not found: " + String.join(", ", missing) + ")"));
        }
        return new AppClassPath(distinct, List.copyOf(missing));
    }

    /**
     * The class path of this entry (a jar or a directory given where a jar is expected), with
     * the jars its manifest's {@code Class-Path} names.
     */
    public static AppClassPath of(Path entry) {
        return new AppClassPath(withManifestClassPaths(List.of(entry.toAbsolutePath().normalize())), List.of());
    }

    /**
     * The entries without repeats, each jar followed by what its manifest's {@code Class-Path}
     * attribute names (and theirs, depth first), as java's class loader searches them: URLs
     * relative to the jar's directory, separated by spaces; names that do not exist, or are not
     * local files, are skipped as java skips them.
     */
    static List<Path> withManifestClassPaths(List<Path> entries) {
        LinkedHashSet<Path> out = new LinkedHashSet<>();
        for (Path e : entries) {
            addWithManifestClassPath(e, out);
        }
        return List.copyOf(out);
    }

    /** The Main-Class of a jar's manifest, or null. */
    public static String mainClassOf(Path jar) throws ClassPathError {
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            return m == null ? null : m.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
        } catch (IOException x) {
            throw new ClassPathError(jar + ": not a jar (" + x.getMessage() + ")");
        }
    }

    private static void addWithManifestClassPath(Path entry, Set<Path> out) {
        if (!out.add(entry) || !Files.isRegularFile(entry)) {
            return;
        }
        String classPath;
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest m = jar.getManifest();
            classPath = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        } catch (IOException x) {
            return; // not a jar: reported when the class is looked up
        }
        if (classPath == null) {
            return;
        }
        URI base = entry.getParent().toUri();
        for (String name : classPath.trim().split("\\s+")) {
            if (name.isEmpty()) {
                continue;
            }
            try {
                URI u = base.resolve(name);
                if (!"file".equals(u.getScheme())) {
                    continue;
                }
                Path p = Path.of(u).normalize();
                if (Files.exists(p)) {
                    addWithManifestClassPath(p, out);
                }
            } catch (IllegalArgumentException x) {
                // a name java could not use either
            }
        }
    }

    /** The entries joined with {@code :}, to pass on a command line. */
    public String joined() {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /** {@code a.b.C} or {@code a/b/C} as java accepts it, as a class name. */
    public static String className(String name) {
        return name.replace('/', '.');
    }

    /** Whether some entry holds the class file of {@code className} (a readable jar or a directory). */
    public boolean contains(String className) throws ClassPathError {
        String resource = className(className).replace('.', '/') + ".class";
        for (Path e : entries) {
            if (Files.isDirectory(e)) {
                if (Files.isRegularFile(e.resolve(resource))) {
                    return true;
                }
                continue;
            }
            try (ZipFile z = new ZipFile(e.toFile())) {
                if (z.getEntry(resource) != null) {
                    return true;
                }
            } catch (IOException x) {
                throw new ClassPathError(e + ": not a jar or directory (" + x.getMessage() + ")");
            }
        }
        return false;
    }

    /** A short description for messages: the single entry's name, or "the class path". */
    public String describe() {
        return entries.size() == 1 ? entries.get(0).getFileName().toString() : "the class path";
    }
}
