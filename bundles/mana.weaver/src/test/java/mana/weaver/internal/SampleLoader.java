package mana.weaver.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A fresh class loader for the test programs of package {@code samples} (as a new JVM would load
 * them), woven or not; everything else comes from the test's class path. Calls into
 * {@code testmpi} are the cut points.
 */
public class SampleLoader extends ClassLoader {

    private final Map<String, byte[]> classes;
    private final Weaver weaver;

    public SampleLoader(boolean woven) {
        this("samples", woven);
    }

    /** The classes of package {@code pkg} (a directory of classes or in a jar on the class path). */
    public SampleLoader(String pkg, boolean woven) {
        this(pkg, woven, n -> n.startsWith("testmpi/"));
    }

    /** As {@link #SampleLoader(String, boolean)}, with the classes whose calls are cut points. */
    public SampleLoader(String pkg, boolean woven, java.util.function.Predicate<String> cutOwner) {
        super(SampleLoader.class.getClassLoader());
        this.classes = sampleClasses(pkg);
        this.weaver = woven ? Weaver.of(classes, cutOwner, Weaver.resources(getParent())) : null;
    }

    /** The class files of package samples, by internal name. */
    public static Map<String, byte[]> sampleClasses() {
        return sampleClasses("samples");
    }

    public static Map<String, byte[]> sampleClasses(String pkg) {
        Map<String, byte[]> m = new HashMap<>();
        try {
            java.net.URI uri = SampleLoader.class.getResource("/" + pkg).toURI();
            java.nio.file.FileSystem fs = null;
            if (uri.getScheme().equals("jar")) {
                try {
                    fs = java.nio.file.FileSystems.newFileSystem(uri, Map.of());
                } catch (java.nio.file.FileSystemAlreadyExistsException e) {
                    fs = java.nio.file.FileSystems.getFileSystem(uri);
                }
            }
            Path dir = fs == null ? Path.of(uri) : fs.getPath("/" + pkg);
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String f = p.getFileName().toString();
                    m.put(pkg + "/" + f.substring(0, f.length() - 6), Files.readAllBytes(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return m;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        String internal = name.replace('.', '/');
        byte[] b = classes.get(internal);
        if (b == null) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] out = weaver == null ? null : weaver.weave(b);
                byte[] def = out == null ? b : out;
                c = defineClass(name, def, 0, def.length);
            }
            return c;
        }
    }
}
