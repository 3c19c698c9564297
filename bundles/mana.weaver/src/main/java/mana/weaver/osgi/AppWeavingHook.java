package mana.weaver.osgi;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mana.weaver.internal.Reachability;
import mana.weaver.internal.Weaver;
import org.osgi.framework.Bundle;
import org.osgi.framework.hooks.weaving.WeavingHook;
import org.osgi.framework.hooks.weaving.WovenClass;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.annotations.Component;

/**
 * Weaves the classes of bundles whose manifest says {@code Mana-Weave: true} (the launcher sets it
 * on the application bundle in transparent mode only); every other bundle's classes pass
 * untouched. The first class of such a bundle to load reads all of the bundle's classes once,
 * for the call graph; woven classes get a dynamic import of {@code mana.weaver.api}. A class that
 * cannot be woven loads as compiled (said on stderr with -Dmana.verbose=true): the program runs,
 * captures through it are declined.
 */
@Component(service = WeavingHook.class)
public final class AppWeavingHook implements WeavingHook {

    /** The manifest header that asks for weaving. */
    public static final String HEADER = "Mana-Weave";
    static final String API_IMPORT = "mana.weaver.api";
    /** The location of the job's application bundle (the rank launcher installs it so): the one the cache is for. */
    static final String APP_LOCATION = "mana-app:";

    /** {@code -Dmana.verbose=true} (mana run passes it to the ranks): say which classes load as compiled. */
    private static final boolean VERBOSE = Boolean.getBoolean("mana.verbose");

    /** Per bundle: its weaver, or empty when it does not ask for weaving (decided once per bundle). */
    private final Map<Long, java.util.Optional<Weaver>> weavers = new ConcurrentHashMap<>();
    /** Per bundle that asks for weaving: whether it does (made on the first class the cache does not hold). */
    private final Map<Long, Boolean> weaves = new ConcurrentHashMap<>();
    /** Woven classes of the job's application bundle, kept for the other ranks and restarts (null: none). */
    private final WovenCache cache = WovenCache.fromSystemProperty();

    @Override
    public void weave(WovenClass wc) {
        BundleWiring wiring = wc.getBundleWiring();
        Bundle b = wiring.getBundle();
        try {
            Boolean asks = weaves.get(b.getBundleId());
            if (asks == null) {
                asks = "true".equalsIgnoreCase(b.getHeaders("").get(HEADER));
                weaves.put(b.getBundleId(), asks);
            }
            if (!asks) {
                return;
            }
            byte[] in = cache != null && b.getLocation().startsWith(APP_LOCATION) ? wc.getBytes() : null;
            byte[] cached = in == null ? null : cache.get(wc.getClassName(), in);
            if (cached != null) {
                if (cached.length > 0) {
                    wc.setBytes(cached);
                    wc.getDynamicImports().add(API_IMPORT);
                }
                return;
            }
            java.util.Optional<Weaver> w = weavers.get(b.getBundleId());
            if (w == null) {
                // not computeIfAbsent: making a weaver loads the weaver's own classes, which come through here
                w = "true".equalsIgnoreCase(b.getHeaders("").get(HEADER)) ? java.util.Optional.of(weaverFor(wiring)) : java.util.Optional.empty();
                java.util.Optional<Weaver> before = weavers.putIfAbsent(b.getBundleId(), w);
                w = before != null ? before : w;
            }
            if (w.isEmpty()) {
                return;
            }
            byte[] out = w.get().weave(wc.getBytes());
            if (in != null) {
                cache.put(wc.getClassName(), in, out);
            }
            if (out != null) {
                wc.setBytes(out);
                wc.getDynamicImports().add(API_IMPORT);
            }
        } catch (RuntimeException | LinkageError e) {
            // the class loads as compiled; a capture through its frames is declined as "not woven"
            // (mana checkpoint says so). Quiet unless asked: weaving is the default, and the
            // program's output must stay what it prints under java.
            if (VERBOSE) {
                System.err.println("mana.weaver: " + wc.getClassName() + " left as compiled (cannot weave it: " + e + ")");
            }
        }
    }

    private static Weaver weaverFor(BundleWiring wiring) {
        Map<String, byte[]> classes = new HashMap<>();
        ClassLoader loader = wiring.getClassLoader();
        Collection<String> names = wiring.listResources("/", "*.class", BundleWiring.LISTRESOURCES_RECURSE | BundleWiring.LISTRESOURCES_LOCAL);
        for (String n : names) {
            if (n.startsWith("META-INF/") || n.endsWith("module-info.class")) {
                continue;
            }
            try (InputStream in = loader.getResourceAsStream(n)) {
                if (in != null) {
                    classes.put(n.substring(0, n.length() - ".class".length()), in.readAllBytes());
                }
            } catch (IOException e) {
                // a class we cannot read is not in the call graph: its calls are not woven
            }
        }
        return Weaver.of(classes, Reachability::mpiPackage, Weaver.resources(loader));
    }
}
