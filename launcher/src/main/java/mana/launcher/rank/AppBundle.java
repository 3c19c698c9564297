package mana.launcher.rank;

import aQute.bnd.osgi.Analyzer;
import aQute.bnd.osgi.Constants;
import aQute.bnd.osgi.Jar;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/**
 * Turns an unmodified application jar into a bundle, in memory, with bndlib.
 *
 * <p>The bundle imports every package its classes refer to ({@code Import-Package: *}); the
 * {@code mpi} import carries a version range and no attribute, so it wires to the upper
 * half ({@code mana.mpi}) and never to the lower half, which the system bundle exports
 * only to importers asking for {@code mana.half=lower}. The bundle exports nothing and
 * keeps the jar's {@code Main-Class}.
 */
public final class AppBundle {

    /** The import of the {@code mpi} package every application gets. */
    public static final String MPI_IMPORT = "mpi;version=\"[4.1,5)\"";

    /** The result: the bundle's bytes and the headers worth knowing about. */
    public record Result(byte[] bytes, String symbolicName, String mainClass, Manifest manifest) {
    }

    /** Thrown when the jar cannot be made into a bundle; the message is one line for the user. */
    public static final class BundleError extends Exception {
        public BundleError(String message) {
            super(message);
        }
    }

    private AppBundle() {
    }

    /** Reads a bundle that {@link #wrap} made earlier and {@link #write} saved (once per job). */
    public static Result read(Path bundleJar) throws BundleError {
        try {
            byte[] bytes = java.nio.file.Files.readAllBytes(bundleJar);
            try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(new java.io.ByteArrayInputStream(bytes))) {
                Manifest m = in.getManifest();
                if (m == null) {
                    throw new BundleError(bundleJar + ": no manifest");
                }
                Attributes a = m.getMainAttributes();
                String main = a.getValue(Attributes.Name.MAIN_CLASS);
                return new Result(bytes, a.getValue(Constants.BUNDLE_SYMBOLICNAME), main == null ? null : main.trim(), m);
            }
        } catch (java.io.IOException e) {
            throw new BundleError(bundleJar + ": cannot read the application bundle (" + e.getMessage() + ")");
        }
    }

    /** Saves a wrapped bundle atomically (temp file + rename). */
    public static void write(Result r, Path target) throws java.io.IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        java.nio.file.Files.write(tmp, r.bytes());
        java.nio.file.Files.move(tmp, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public static Result wrap(Path appJar) throws BundleError {
        String bsn = symbolicNameOf(appJar);
        Jar jar;
        try {
            jar = new Jar(appJar.toFile());
        } catch (Exception e) {
            throw new BundleError(appJar + ": not a readable jar (" + e.getMessage() + ")");
        }
        try (Analyzer analyzer = new Analyzer(jar)) {
            Manifest original = jar.getManifest();
            if (original != null) {
                analyzer.mergeManifest(original);
            }
            analyzer.setProperty(Constants.BUNDLE_MANIFESTVERSION, "2");
            analyzer.setProperty(Constants.BUNDLE_SYMBOLICNAME, bsn);
            analyzer.setProperty(Constants.BUNDLE_VERSION, "0.0.0");
            analyzer.setProperty(Constants.IMPORT_PACKAGE, MPI_IMPORT + ",*");
            analyzer.setProperty(Constants.EXPORT_PACKAGE, "");
            analyzer.setProperty(Constants.EXPORT_CONTENTS, "");
            analyzer.setProperty(Constants.NOUSES, "true");
            analyzer.setProperty(Constants.NOIMPORTJAVA, "true");
            analyzer.setProperty(Constants.NOEXTRAHEADERS, "true");
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

    /**
     * bnd reports classes in the default package (Open MPI's Hello and Ring) as an import of
     * '.', which it then leaves out of Import-Package. A bundle can hold such classes (they load
     * from the bundle itself), so for a jar that contains them the error is not one.
     */
    static final String DEFAULT_PACKAGE_ERROR = "The default package '.' is not permitted";

    private static boolean hasDefaultPackage(Jar jar) {
        return jar.getResources().keySet().stream().anyMatch(n -> n.indexOf('/') < 0 && n.endsWith(".class"));
    }

    /** hello.jar gives hello; characters a symbolic name cannot hold become underscores. */
    public static String symbolicNameOf(Path appJar) {
        String name = appJar.getFileName().toString();
        if (name.toLowerCase().endsWith(".jar")) {
            name = name.substring(0, name.length() - 4);
        }
        String bsn = name.replaceAll("[^A-Za-z0-9_.-]", "_").replaceAll("^[.-]+|[.-]+$", "");
        return bsn.isEmpty() ? "app" : bsn;
    }
}
