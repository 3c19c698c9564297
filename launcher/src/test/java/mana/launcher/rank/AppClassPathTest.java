package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppClassPathTest {

    static Path jar(Path file, String... entries) throws Exception {
        Files.createDirectories(file.getParent());
        try (OutputStream os = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(os)) {
            for (String e : entries) {
                out.putNextEntry(new JarEntry(e));
                out.write(1);
                out.closeEntry();
            }
        }
        return file;
    }

    @Test
    void entriesInOrderWildcardsAndTheCurrentDirectory(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path b = jar(dir.resolve("lib/b.jar"), "x/B.class");
        Path a = jar(dir.resolve("lib/a.jar"), "x/A.class");
        Files.writeString(dir.resolve("lib/notes.txt"), "not a jar");
        AppClassPath cp = AppClassPath.parse("classes:lib/*::gone.jar", dir);
        assertEquals(List.of(classes, a, b, dir), cp.entries(), "wildcard: the jars of lib in name order; empty: the directory");
        assertEquals(List.of("gone.jar"), cp.missing());
        assertEquals(classes + ":" + a + ":" + b + ":" + dir, cp.joined());
        assertEquals(List.of(classes), AppClassPath.parse("classes:classes", dir).entries(), "an entry counts once");
    }

    @Test
    void findsTheMainClassInJarsAndDirectories(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes/p"));
        Files.writeString(classes.resolve("Main.class"), "x");
        jar(dir.resolve("lib.jar"), "q/Lib.class", "Top.class");
        AppClassPath cp = AppClassPath.parse("classes:lib.jar", dir);
        assertTrue(cp.contains("p.Main"));
        assertTrue(cp.contains("p/Main"));
        assertTrue(cp.contains("q.Lib"));
        assertTrue(cp.contains("Top"));
        assertFalse(cp.contains("p.Other"));
        assertFalse(cp.contains("Main"));
        assertEquals("the class path", cp.describe());
        assertEquals("lib.jar", AppClassPath.of(dir.resolve("lib.jar")).describe());
    }

    @Test
    void errors(@TempDir Path dir) throws Exception {
        assertEquals("empty class path", assertThrows(AppClassPath.ClassPathError.class, () -> AppClassPath.parse("", dir)).getMessage());
        assertEquals("no usable class path entry in 'a:b/*' (not found: a, b/*)",
                assertThrows(AppClassPath.ClassPathError.class, () -> AppClassPath.parse("a:b/*", dir)).getMessage());
        Files.writeString(dir.resolve("bad.jar"), "not a zip");
        AppClassPath bad = AppClassPath.parse("bad.jar", dir);
        String m = assertThrows(AppClassPath.ClassPathError.class, () -> bad.contains("X")).getMessage();
        assertTrue(m.startsWith(dir.resolve("bad.jar") + ": not a jar or directory"), m);
    }

    static Path jarWithClassPath(Path file, String classPath) throws Exception {
        Files.createDirectories(file.getParent());
        java.util.jar.Manifest m = new java.util.jar.Manifest();
        m.getMainAttributes().put(java.util.jar.Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(java.util.jar.Attributes.Name.CLASS_PATH, classPath);
        try (OutputStream os = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(os, m)) {
            out.putNextEntry(new JarEntry("x/App.class"));
            out.write(1);
            out.closeEntry();
        }
        return file;
    }

    @Test
    void aJarsManifestClassPathFollowsItDepthFirstAsJavaSearchesIt(@TempDir Path dir) throws Exception {
        Path c = jar(dir.resolve("lib/c.jar"), "x/C.class");
        Path b = jarWithClassPath(dir.resolve("lib/b.jar"), "c.jar ../app.jar");
        Path classes = Files.createDirectories(dir.resolve("lib/classes"));
        Path app = jarWithClassPath(dir.resolve("app.jar"), "lib/b.jar  lib/classes/ lib/missing.jar http://example.org/x.jar");
        Path other = jar(dir.resolve("other.jar"), "y/O.class");
        AppClassPath cp = AppClassPath.parse("app.jar:other.jar:lib/c.jar", dir);
        assertEquals(List.of(app, b, c, classes, other), cp.entries(),
                "each jar, then its Class-Path (relative to its directory, depth first), then the next entry; no repeats;"
                        + " missing and non-file names skipped");
        assertEquals(List.of(app, b, c, classes), AppClassPath.of(app).entries());
        assertTrue(cp.contains("x.C"));
        assertEquals(List.of(other), AppClassPath.of(other).entries());
    }
}
