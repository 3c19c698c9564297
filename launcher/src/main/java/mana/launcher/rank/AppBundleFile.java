package mana.launcher.rank;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.Attributes;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;

/**
 * The application bundle as a file: what a rank needs of it, with {@code java.util.jar} only.
 * {@link AppBundle} makes the bundle with bndlib in the CLI's JVM ({@code mana run} wraps the
 * application once per job); a rank only reads the file it was given ({@code --wrapped}). Kept
 * apart so that a rank's class path holds neither bndlib nor what it needs: a class or resource
 * lookup that misses opens every jar of the class path, and the start-up archives are keyed on it.
 */
public final class AppBundleFile {

    /** The import of the {@code mpi} package every application gets. */
    public static final String MPI_IMPORT = "mpi;version=\"[4.1,5)\"";

    /**
     * Asks bundle mana.weaver to weave the application (transparent checkpointing). Set only
     * when {@link #transparent()}; without it no class of the application is changed.
     */
    public static final String WEAVE_HEADER = "Mana-Weave";

    /** The result: the bundle's bytes and the headers worth knowing about. */
    public record Result(byte[] bytes, String symbolicName, String mainClass, Manifest manifest) {
    }

    /** Thrown when the jar cannot be made into a bundle or read; the message is one line for the user. */
    public static final class BundleError extends Exception {
        public BundleError(String message) {
            super(message);
        }
    }

    private AppBundleFile() {
    }

    /** Reads a bundle that {@link AppBundle} made earlier and {@link #write} saved (once per job). */
    public static Result read(Path bundleJar) throws BundleError {
        try {
            return of(Files.readAllBytes(bundleJar), bundleJar.toString());
        } catch (IOException e) {
            throw new BundleError(bundleJar + ": cannot read the application bundle (" + e.getMessage() + ")");
        }
    }

    /** The bundle in {@code bytes} ({@code where} names it in errors). */
    public static Result of(byte[] bytes, String where) throws BundleError {
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(bytes))) {
            Manifest m = in.getManifest();
            if (m == null) {
                throw new BundleError(where + ": no manifest");
            }
            Attributes a = m.getMainAttributes();
            String main = a.getValue(Attributes.Name.MAIN_CLASS);
            return new Result(bytes, a.getValue("Bundle-SymbolicName"), main == null ? null : main.trim(), m);
        } catch (IOException e) {
            throw new BundleError(where + ": cannot read the application bundle (" + e.getMessage() + ")");
        }
    }

    /** Saves a wrapped bundle atomically (temp file + rename). */
    public static void write(Result r, Path target) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.write(tmp, r.bytes());
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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

    /**
     * Transparent mode: {@code -Dmana.transparent}, which {@code mana run} sets from its options and
     * the application (see {@code JobRunner.transparent}); where it is not set (a rank bundling the
     * application itself), {@code MANA_TRANSPARENT=1} in the environment.
     */
    public static boolean transparent() {
        String p = System.getProperty("mana.transparent");
        return p != null ? Boolean.parseBoolean(p) : "1".equals(System.getenv("MANA_TRANSPARENT"));
    }
}
