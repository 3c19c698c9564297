package mana.launcher.rank;

import aQute.bnd.osgi.Analyzer;
import aQute.bnd.osgi.Constants;
import aQute.bnd.osgi.Jar;
import aQute.bnd.osgi.EmbeddedResource;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import mana.launcher.rank.AppBundleFile.BundleError;
import mana.launcher.rank.AppBundleFile.Result;

/**
 * Turns an unmodified application jar into a bundle, in memory, with bndlib (the CLI's JVM only:
 * a rank reads the result with {@link AppBundleFile} and has no bndlib on its class path).
 *
 * <p>The bundle imports every package its classes refer to, optionally ({@code *;resolution:=optional}:
 * as under java, a class missing at run time fails only when it is used); the
 * {@code mpi} import carries a version range and no attribute, so it wires to the upper
 * half ({@code mana.mpi}) and never to the lower half, which the system bundle exports
 * only to importers asking for {@code mana.half=lower}. The bundle exports nothing and
 * keeps the jar's {@code Main-Class}.
 */
public final class AppBundle {

    /** The import of the {@code mpi} package every application gets. */
    public static final String MPI_IMPORT = AppBundleFile.MPI_IMPORT;

    private AppBundle() {
    }

    /** See {@link AppBundleFile#read}. */
    public static Result read(Path bundleJar) throws BundleError {
        return AppBundleFile.read(bundleJar);
    }

    /** See {@link AppBundleFile#write}. */
    public static void write(Result r, Path target) throws java.io.IOException {
        AppBundleFile.write(r, target);
    }

    /**
     * The bundle's bytes, for a rank that bundles the application itself ({@link BndOnDemand},
     * which calls this in a class loader of its own): of {@code appJar}, or of {@code classPath}
     * with {@code mainClass} (symbolic name {@code app}); warnings go to standard error.
     */
    public static byte[] wrapBytes(Path appJar, String mainClass, List<Path> classPath) throws BundleError {
        return appJar != null ? wrap(appJar).bytes()
                : wrapClassPath("app", mainClass, classPath, w -> System.err.println("mana rank: warning: " + w)).bytes();
    }

    public static Result wrap(Path appJar) throws BundleError {
        return wrap(appJar, w -> System.err.println("mana: warning: " + w));
    }

    /** Wraps an application jar; package {@code mpi} in it is left out (with a warning), as on a class path. */
    public static Result wrap(Path appJar, Consumer<String> warn) throws BundleError {
        String bsn = symbolicNameOf(appJar);
        Jar jar;
        try {
            jar = new Jar(appJar.toFile());
        } catch (Exception e) {
            throw new BundleError(appJar + ": not a readable jar (" + e.getMessage() + ")");
        }
        List<String> mpi = jar.getResources().keySet().stream().filter(AppBundle::inMpiPackage).toList();
        if (!mpi.isEmpty()) {
            mpi.forEach(jar::remove);
            warn.accept(appJar + " contains package mpi (Open MPI's binding?); left out so that the application uses MANA's mpi");
        }
        try (Analyzer analyzer = new Analyzer(jar)) {
            Manifest original = jar.getManifest();
            if (original != null) {
                analyzer.mergeManifest(original);
            }
            applicationHeaders(analyzer, bsn);
            analyzer.setProperty(Constants.REMOVEHEADERS, String.join(",", List.of(
                    Constants.EXPORT_PACKAGE, Constants.BUNDLE_CLASSPATH, Constants.DYNAMICIMPORT_PACKAGE, Constants.FRAGMENT_HOST,
                    Constants.REQUIRE_BUNDLE, Constants.PROVIDE_CAPABILITY, "Class-Path")));
            Manifest manifest = analyzer.calcManifest();
            List<String> errors = analyzer.getErrors().stream()
                    .filter(e -> !(hasDefaultPackage(jar) && e.startsWith(DEFAULT_PACKAGE_ERROR)))
                    .toList();
            if (!errors.isEmpty()) {
                throw new BundleError(appJar + ": cannot make a bundle of it: " + errors.get(0));
            }
            jar.setManifest(manifest);
            ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
            jar.write(out);
            String main = manifest.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            return new Result(out.toByteArray(), bsn, main == null ? null : main.trim(), manifest);
        } catch (BundleError e) {
            throw e;
        } catch (Exception e) {
            throw new BundleError(appJar + ": cannot make a bundle of it: " + e);
        }
    }

    /** Where the class path entries go inside the bundle ({@code cp/0.jar}, {@code cp/1.jar}, ...). */
    static final String EMBED_DIR = "cp/";

    /**
     * Makes one bundle of a class path, in memory: every entry (a jar, or a directory of classes
     * packed as a jar) is embedded and listed in {@code Bundle-ClassPath} in class path order, so
     * classes and resources are found first-entry-first as under java, and each entry keeps its
     * own {@code META-INF} (several {@code META-INF/services} files are all seen). Package
     * {@code mpi} in an entry (Open MPI's mpi.jar on the class path) is left out, with a warning,
     * so that the application's {@code mpi} stays MANA's upper half.
     */
    public static Result wrapClassPath(String bsn, String mainClass, List<Path> entries, Consumer<String> warn) throws BundleError {
        Jar jar = new Jar(bsn);
        List<String> bundleClassPath = new ArrayList<>();
        boolean defaultPackage = false;
        for (int i = 0; i < entries.size(); i++) {
            Path entry = entries.get(i);
            Embedded e = Files.isDirectory(entry) ? packDirectory(entry) : copyJar(entry);
            if (e.droppedMpi()) {
                warn.accept(entry + " contains package mpi (Open MPI's binding?); left out so that the application uses MANA's mpi");
            }
            defaultPackage |= e.defaultPackage();
            String name = EMBED_DIR + i + ".jar";
            jar.putResource(name, new EmbeddedResource(e.bytes(), 0L));
            bundleClassPath.add(name);
        }
        try (Analyzer analyzer = new Analyzer(jar)) {
            applicationHeaders(analyzer, bsn);
            analyzer.setProperty(Constants.BUNDLE_CLASSPATH, String.join(",", bundleClassPath));
            analyzer.setProperty("Main-Class", mainClass);
            Manifest manifest = analyzer.calcManifest();
            boolean dp = defaultPackage;
            List<String> errors = analyzer.getErrors().stream().filter(x -> !(dp && x.startsWith(DEFAULT_PACKAGE_ERROR))).toList();
            if (!errors.isEmpty()) {
                throw new BundleError("cannot make a bundle of the class path: " + errors.get(0));
            }
            jar.setManifest(manifest);
            ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
            jar.write(out);
            return new Result(out.toByteArray(), bsn, mainClass, manifest);
        } catch (BundleError e) {
            throw e;
        } catch (Exception e) {
            throw new BundleError("cannot make a bundle of the class path: " + e);
        }
    }

    /** Imports of everything else the classes refer to: optional, as a missing class under java only fails when used. */
    static final String OPTIONAL_REST = "*;resolution:=optional";

    /** One class path entry as the bytes of a jar. */
    private record Embedded(byte[] bytes, boolean droppedMpi, boolean defaultPackage) {
    }

    /** {@code mpi/X} and the folder {@code mpi/} (package mpi itself, not its subpackages). */
    static boolean inMpiPackage(String path) {
        return path.startsWith("mpi/") && path.indexOf('/', 4) < 0;
    }

    private static boolean inDefaultPackage(String path) {
        return path.indexOf('/') < 0 && path.endsWith(".class");
    }

    private static Embedded packDirectory(Path dir) throws BundleError {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
        boolean dropped = false;
        boolean defaultPackage = false;
        try (Stream<Path> s = Files.walk(dir); ZipOutputStream out = new ZipOutputStream(bytes)) {
            for (Path f : s.sorted().toList()) {
                String rel = dir.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                if (rel.isEmpty()) {
                    continue;
                }
                if (inMpiPackage(Files.isDirectory(f) ? rel + "/" : rel)) {
                    dropped |= !Files.isDirectory(f);
                } else if (Files.isDirectory(f)) {
                    out.putNextEntry(new ZipEntry(rel + "/"));
                    out.closeEntry();
                } else if (Files.isRegularFile(f)) {
                    defaultPackage |= inDefaultPackage(rel);
                    out.putNextEntry(new ZipEntry(rel));
                    Files.copy(f, out);
                    out.closeEntry();
                }
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            throw new BundleError(dir + ": cannot read the directory (" + e.getMessage() + ")");
        }
        return new Embedded(bytes.toByteArray(), dropped, defaultPackage);
    }

    /** The jar as it is, or a copy without package mpi. */
    private static Embedded copyJar(Path file) throws BundleError {
        try (ZipFile z = new ZipFile(file.toFile())) {
            boolean hasMpi = z.stream().anyMatch(e -> inMpiPackage(e.getName()));
            boolean defaultPackage = z.stream().anyMatch(e -> inDefaultPackage(e.getName()));
            if (!hasMpi) {
                return new Embedded(Files.readAllBytes(file), false, defaultPackage);
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
            try (ZipOutputStream out = new ZipOutputStream(bytes)) {
                for (ZipEntry e : java.util.Collections.list(z.entries())) {
                    if (inMpiPackage(e.getName()) || isSignature(e.getName())) {
                        continue;
                    }
                    out.putNextEntry(new ZipEntry(e.getName()));
                    try (InputStream in = z.getInputStream(e)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
            return new Embedded(bytes.toByteArray(), true, defaultPackage);
        } catch (java.io.IOException e) {
            throw new BundleError(file + ": not a readable jar (" + e.getMessage() + ")");
        }
    }

    /** A signature no longer matches a jar with entries left out. */
    private static boolean isSignature(String name) {
        String n = name.toUpperCase(java.util.Locale.ROOT);
        return n.startsWith("META-INF/") && n.indexOf('/', 9) < 0
                && (n.endsWith(".SF") || n.endsWith(".RSA") || n.endsWith(".DSA") || n.endsWith(".EC"));
    }

    /**
     * bnd reports classes in the default package (Open MPI's Hello and Ring) as an import of
     * '.', which it then leaves out of Import-Package. A bundle can hold such classes (they load
     * from the bundle itself), so for a jar that contains them the error is not one.
     */
    static final String DEFAULT_PACKAGE_ERROR = "The default package '.' is not permitted";

    private static boolean hasDefaultPackage(Jar jar) {
        return jar.getResources().keySet().stream().anyMatch(n -> n.indexOf('/') < 0 && n.endsWith(".class"));
    }

    /** See {@link AppBundleFile#symbolicNameOf}. */
    public static String symbolicNameOf(Path appJar) {
        return AppBundleFile.symbolicNameOf(appJar);
    }

    /**
     * What every application bundle declares: its name, MANA's {@code mpi} and the rest of its
     * imports optional, nothing exported, no headers bnd would add.
     */
    private static void applicationHeaders(Analyzer analyzer, String bsn) {
        analyzer.setProperty(Constants.BUNDLE_MANIFESTVERSION, "2");
        analyzer.setProperty(Constants.BUNDLE_SYMBOLICNAME, bsn);
        analyzer.setProperty(Constants.BUNDLE_VERSION, "0.0.0");
        analyzer.setProperty(Constants.IMPORT_PACKAGE, MPI_IMPORT + "," + OPTIONAL_REST);
        analyzer.setProperty(Constants.EXPORT_PACKAGE, "");
        analyzer.setProperty(Constants.EXPORT_CONTENTS, "");
        analyzer.setProperty(Constants.NOUSES, "true");
        analyzer.setProperty(Constants.NOIMPORTJAVA, "true");
        analyzer.setProperty(Constants.NOEXTRAHEADERS, "true");
        // No osgi.ee requirement: bnd 7.1 knows class files up to Java 21 only and would require
        // osgi.ee=UNKNOWN for newer ones, which no framework provides. As on a class path, a class
        // the running JVM cannot read fails when it loads (the rank says which, in one line).
        analyzer.setProperty(Constants.NOEE, "true");
        if (transparent()) {
            analyzer.setProperty(WEAVE_HEADER, "true");
        }
    }

    /** See {@link AppBundleFile#WEAVE_HEADER}. */
    public static final String WEAVE_HEADER = AppBundleFile.WEAVE_HEADER;

    /** See {@link AppBundleFile#transparent}. */
    public static boolean transparent() {
        return AppBundleFile.transparent();
    }
}
