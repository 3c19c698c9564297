package mana.launcher.rank;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A rank that bundles the application itself ({@code mana rank APP.jar} without {@code --wrapped}:
 * not what {@code mana run} starts). bndlib is not on a rank's class path (see
 * {@link AppBundleFile}), so {@link AppBundle} runs in a class loader of its own over the CLI's
 * jar, whose manifest names bndlib; this costs that rank the bnd start-up that {@code mana run}
 * saves every other one.
 */
final class BndOnDemand {
    private BndOnDemand() {
    }

    /** The application bundle of {@code appJar}, or of {@code classPath} with {@code mainClass}. */
    static AppBundleFile.Result wrap(Path appJar, String mainClass, List<Path> classPath) throws AppBundleFile.BundleError {
        String where = appJar != null ? appJar.toString() : "the class path";
        if (bndVisible()) {
            return AppBundleFile.of(AppBundle.wrapBytes(appJar, mainClass, classPath), where);
        }
        Path cli = RankLauncher.distDir().resolve("mana-launcher.jar");
        if (!Files.isRegularFile(cli)) {
            throw new AppBundleFile.BundleError("cannot bundle " + where + ": " + cli + " (with bndlib) not found; run the job with mana run");
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {cli.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> c = Class.forName(AppBundle.class.getName(), true, loader);
            byte[] bytes = (byte[]) c.getMethod("wrapBytes", Path.class, String.class, List.class).invoke(null, appJar, mainClass, classPath);
            return AppBundleFile.of(bytes, where);
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            // the other loader's BundleError: its message is the one line for the user
            throw new AppBundleFile.BundleError(t.getClass().getSimpleName().equals("BundleError") ? t.getMessage()
                    : "cannot bundle " + where + ": " + t);
        } catch (ReflectiveOperationException | java.io.IOException | LinkageError e) {
            throw new AppBundleFile.BundleError("cannot bundle " + where + ": " + e);
        }
    }

    private static boolean bndVisible() {
        return BndOnDemand.class.getClassLoader().getResource("aQute/bnd/osgi/Analyzer.class") != null;
    }
}
