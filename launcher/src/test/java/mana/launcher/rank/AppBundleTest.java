package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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

    /** A jar compiled by a newer javac (class file 69, Java 25) than bnd knows still resolves. */
    @Test
    void classesNewerThanBndKnowsAddNoExecutionEnvironmentRequirement(@TempDir Path dir) throws Exception {
        Path jar = appJar(dir, "new-app.jar");
        byte[] cls = Files.readAllBytes(dir.resolve("classes/demo/App.class"));
        cls[6] = 0;
        cls[7] = 69;
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "demo.App");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(os, m)) {
            out.putNextEntry(new JarEntry("demo/App.class"));
            out.write(cls);
            out.closeEntry();
        }
        AppBundleFile.Result r = AppBundle.wrap(jar);
        String req = r.manifest().getMainAttributes().getValue("Require-Capability");
        assertTrue(req == null || !req.contains("osgi.ee"), "no osgi.ee requirement: " + req);
        assertEquals("demo.App", r.mainClass());
    }

    @Test
    void wrapsAnApplicationJar(@TempDir Path dir) throws Exception {
        AppBundleFile.Result r = AppBundle.wrap(appJar(dir, "my-app.jar"));
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
        AppBundleFile.BundleError e = assertThrows(AppBundleFile.BundleError.class, () -> AppBundle.wrap(bad));
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void lowerHalfExportsComeFromTheJarHoldingMpiMpi() throws Exception {
        String exports = RankLauncher.lowerHalfExports();
        Parameters p = OSGiHeader.parseHeader(exports);
        assertTrue(p.containsKey("mpi"), exports);
        assertEquals("lower", p.get("mpi").get("mana.half"), exports);
    }

    @Test
    void wrapsAClassPathInOrderWithoutPackageMpi(@TempDir Path dir) throws Exception {
        Path app = appJar(dir, "app.jar");
        Path classes = dir.resolve("classes"); // appJar compiled demo/App.class here
        Files.writeString(classes.resolve("greeting.txt"), "from the directory");
        java.net.URL mpi = getClass().getClassLoader().getResource("mpi/MPI.class");
        assertNotNull(mpi, "the lower half is on the test class path");
        Path mpiJar = Path.of(((java.net.JarURLConnection) mpi.openConnection()).getJarFileURL().toURI());
        List<String> warnings = new java.util.ArrayList<>();

        AppBundleFile.Result r = AppBundle.wrapClassPath("App", "demo.App", List.of(classes, app, mpiJar), warnings::add);

        assertEquals(List.of(mpiJar + " contains package mpi (Open MPI's binding?); left out so that the application uses MANA's mpi"),
                warnings);
        Attributes a = r.manifest().getMainAttributes();
        assertEquals("App", a.getValue("Bundle-SymbolicName"));
        assertEquals("demo.App", r.mainClass());
        assertEquals("demo.App", a.getValue("Main-Class"));
        assertEquals("cp/0.jar,cp/1.jar,cp/2.jar", a.getValue("Bundle-ClassPath"), "class path order");
        assertNull(a.getValue("Export-Package"));
        Parameters imports = OSGiHeader.parseHeader(a.getValue("Import-Package"));
        assertEquals("[4.1,5)", imports.get("mpi").getVersion());
        assertFalse(imports.get("mpi").containsKey("resolution:"), "mpi is mandatory: " + imports);

        java.util.Map<String, byte[]> embedded = new java.util.HashMap<>();
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(r.bytes()))) {
            for (JarEntry e; (e = in.getNextJarEntry()) != null; ) {
                embedded.put(e.getName(), in.readAllBytes());
            }
        }
        assertTrue(entries(embedded.get("cp/0.jar")).containsAll(List.of("demo/App.class", "greeting.txt")));
        assertTrue(entries(embedded.get("cp/1.jar")).contains("demo/App.class"));
        List<String> lower = entries(embedded.get("cp/2.jar"));
        assertFalse(lower.isEmpty());
        assertTrue(lower.stream().noneMatch(n -> n.startsWith("mpi/") && n.indexOf('/', 4) < 0), "package mpi left out: " + lower);
    }

    @Test
    void importsOtherThanMpiAreOptionalAsMissingClassesAreUnderJava(@TempDir Path dir) throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/u"));
        Files.writeString(src.resolve("U.java"), """
                package u;
                public class U {
                    public static void main(String[] args) throws Exception {
                        if (args.length > 99) { new javax.swing.JButton(); }
                        mpi.MPI.Init(args);
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("out"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), src.resolve("U.java").toString()));
        AppBundleFile.Result r = AppBundle.wrapClassPath("U", "u.U", List.of(classes), w -> fail("no warning expected: " + w));
        Parameters imports = OSGiHeader.parseHeader(r.manifest().getMainAttributes().getValue("Import-Package"));
        assertEquals("optional", imports.get("javax.swing").get("resolution:"), imports.toString());
        assertNull(imports.get("mpi").get("resolution:"), imports.toString());
    }

    @Test
    void anApplicationJarLosesItsMpiPackageToo(@TempDir Path dir) throws Exception {
        Path app = appJar(dir, "with-mpi.jar");
        Path withMpi = dir.resolve("with-mpi2.jar");
        try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(app.toFile());
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(withMpi))) {
            for (var e : java.util.Collections.list(z.entries())) {
                out.putNextEntry(new JarEntry(e.getName()));
                z.getInputStream(e).transferTo(out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("mpi/Extra.txt"));
            out.write('x');
            out.closeEntry();
        }
        List<String> warnings = new java.util.ArrayList<>();
        AppBundleFile.Result r = AppBundle.wrap(withMpi, warnings::add);
        assertEquals(1, warnings.size(), warnings.toString());
        assertFalse(entries(r.bytes()).contains("mpi/Extra.txt"));
        assertTrue(entries(r.bytes()).contains("demo/App.class"));
    }

    private static List<String> entries(byte[] jar) throws Exception {
        assertNotNull(jar);
        List<String> names = new java.util.ArrayList<>();
        try (java.util.zip.ZipInputStream in = new java.util.zip.ZipInputStream(new ByteArrayInputStream(jar))) {
            for (java.util.zip.ZipEntry e; (e = in.getNextEntry()) != null; ) {
                names.add(e.getName());
            }
        }
        return names;
    }
}
