package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which programs keep their safe points: those whose main class reaches mana.api. */
class SafePointUseTest {

    @TempDir
    static Path tmp;
    static Path classes;
    static Path jar;

    @BeforeAll
    static void compile() throws IOException {
        Path src = tmp.resolve("src");
        write(src, "mana/api/Mana.java", "package mana.api; public final class Mana { public static void safePoint(Object s) {} }");
        // Safe reaches the API through a helper's static call; Plain and Lambda do not reach it
        write(src, "app/Safe.java", "package app; public class Safe { public static void main(String[] a) { Step.run(); } }");
        write(src, "app/Step.java", "package app; class Step { static void run() { mana.api.Mana.safePoint(null); } }");
        write(src, "app/Plain.java", "package app; public class Plain { public static void main(String[] a) {"
                + " Runnable r = () -> System.out.println(new Other[0].length); r.run(); } }");
        write(src, "app/Other.java", "package app; class Other { String s = \"mana/api/Mana is named in a string only\"; }");
        write(src, "app/Sub.java", "package app; public class Sub extends Base { public static void main(String[] a) {} }");
        write(src, "app/Base.java", "package app; class Base { void m() { Step.run(); } }");
        // a program driving the checkpoint engine itself (as MANA's own test programs do)
        write(src, "mana/ckpt/engine/Engine.java", "package mana.ckpt.engine; public interface Engine { }");
        write(src, "app/Driver.java", "package app; public class Driver { public static void main(String[] a) {"
                + " System.out.println(mana.ckpt.engine.Engine.class); } }");
        classes = tmp.resolve("classes");
        List<String> args = new ArrayList<>(List.of("-d", classes.toString()));
        try (Stream<Path> s = Files.walk(src)) {
            s.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args.toArray(String[]::new)));
        jar = tmp.resolve("app.jar");
        try (OutputStream os = Files.newOutputStream(jar); ZipOutputStream z = new ZipOutputStream(os);
                Stream<Path> s = Files.walk(classes)) {
            for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
                z.putNextEntry(new ZipEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, z);
                z.closeEntry();
            }
        }
    }

    private static void write(Path root, String rel, String text) throws IOException {
        Path f = root.resolve(rel);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    @Test
    void aProgramWhoseMainReachesTheApiKeepsItsSafePoints() throws IOException {
        assertTrue(SafePointUse.of("app.Safe", List.of(classes)));
        assertTrue(SafePointUse.of("app.Safe", List.of(jar)));
    }

    @Test
    void aProgramDrivingTheEngineItselfIsNotWoven() throws IOException {
        assertTrue(SafePointUse.of("app.Driver", List.of(jar)), "it names mana.ckpt.engine.Engine");
    }

    @Test
    void supertypesAreFollowed() throws IOException {
        assertTrue(SafePointUse.of("app.Sub", List.of(jar)), "Sub's superclass Base calls Step, which calls mana.api");
    }

    @Test
    void anotherProgramOfTheSameJarIsTransparent() throws IOException {
        assertFalse(SafePointUse.of("app.Plain", List.of(jar)), "a string naming the package is not a reference");
        assertFalse(SafePointUse.of("app.Plain", List.of(classes)));
    }

    @Test
    void aMissingMainClassReachesNothing() throws IOException {
        assertFalse(SafePointUse.of("app.Missing", List.of(jar, tmp.resolve("no-such.jar"))));
    }

    @Test
    void notAClassFileNamesNoClass() throws IOException {
        assertEquals(List.of(), SafePointUse.classNames(new byte[] {1, 2, 3}));
    }
}
