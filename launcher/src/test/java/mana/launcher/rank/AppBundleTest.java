package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import aQute.bnd.header.Attrs;
import aQute.bnd.header.OSGiHeader;
import aQute.bnd.header.Parameters;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AppBundleTest {

    /** A jar like an ordinary MPI application: one class using mpi, Main-Class set, no OSGi headers. */
    static Path appJar(Path dir, String name) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/demo"));
        Files.writeString(src.resolve("App.java"), """
                package demo;
                import mpi.MPI;
                public class App {
                    public static void main(String[] args) throws Exception {
                        MPI.Init(args);
                        System.out.println(MPI.COMM_WORLD.getRank() + " " + new java.util.ArrayList<String>());
                        MPI.Finalize();
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                src.resolve("App.java").toString());
        assertEquals(0, rc, "javac");
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "demo.App");
        m.getMainAttributes().putValue("Export-Package", "demo");
        Path jar = dir.resolve(name);
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os, m)) {
            out.putNextEntry(new JarEntry("demo/App.class"));
            out.write(Files.readAllBytes(classes.resolve("demo/App.class")));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void wrapsAnApplicationJar(@TempDir Path dir) throws Exception {
        AppBundle.Result r = AppBundle.wrap(appJar(dir, "my-app.jar"));
        Attributes a = r.manifest().getMainAttributes();
        assertEquals("my-app", a.getValue("Bundle-SymbolicName"));
        assertEquals("my-app", r.symbolicName());
        assertEquals("2", a.getValue("Bundle-ManifestVersion"));
        assertEquals("demo.App", a.getValue("Main-Class"));
        assertEquals("demo.App", r.mainClass());
        assertNull(a.getValue("Export-Package"), "an application exports nothing");

        Parameters imports = OSGiHeader.parseHeader(a.getValue("Import-Package"));
        Attrs mpi = imports.get("mpi");
        assertNotNull(mpi, "imports mpi: " + imports);
        assertEquals("[4.1,5)", mpi.getVersion());
        assertFalse(mpi.containsKey("mana.half"), "no attribute: wires to the upper half: " + mpi);
        assertEquals(List.of("mpi"), List.copyOf(imports.keySet()), "java.* packages are not imported");

        // The bytes are a jar with the same manifest and the class.
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(r.bytes()))) {
            assertEquals("my-app", in.getManifest().getMainAttributes().getValue("Bundle-SymbolicName"));
            boolean found = false;
            for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                found |= e.getName().equals("demo/App.class");
            }
            assertTrue(found);
        }
    }

    @Test
    void symbolicNames() {
        assertEquals("hello", AppBundle.symbolicNameOf(Path.of("/x/hello.jar")));
        assertEquals("my_app_1.0", AppBundle.symbolicNameOf(Path.of("my app+1.0.jar")));
        assertEquals("app", AppBundle.symbolicNameOf(Path.of("..jar")));
    }

    @Test
    void notAJar(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.jar"), "no zip");
        AppBundle.BundleError e = assertThrows(AppBundle.BundleError.class, () -> AppBundle.wrap(bad));
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void lowerHalfExportsComeFromTheJarHoldingMpiMpi() throws Exception {
        String exports = RankLauncher.lowerHalfExports();
        Parameters p = OSGiHeader.parseHeader(exports);
        assertTrue(p.containsKey("mpi"), exports);
        assertEquals("lower", p.get("mpi").get("mana.half"), exports);
    }
}
