package mana.agent.internal;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleException;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.wiring.FrameworkWiring;

/**
 * Watches bundles installed while the job runs (plugins folder, mana:install): one that cannot
 * be resolved or started on this rank is reported with the framework's reason, so the
 * coordinator refuses it on every rank instead of some ranks switching it on.
 */
final class HotAddWatch implements SynchronousBundleListener {
    /** Time the installer (FileInstall, mana:install) gets to resolve and start a bundle itself. */
    static final long SETTLE_SECONDS = 3;

    private final BundleContext context;
    private final BiConsumer<String, String> failed;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mana-hot-add-watch");
        t.setDaemon(true);
        return t;
    });

    HotAddWatch(BundleContext context, BiConsumer<String, String> failed) {
        this.context = context;
        this.failed = failed;
        context.addBundleListener(this);
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        if (event.getType() == BundleEvent.INSTALLED) {
            Bundle b = event.getBundle();
            timer.schedule(() -> check(b), SETTLE_SECONDS, TimeUnit.SECONDS);
        }
    }

    private void check(Bundle b) {
        if (b.getState() != Bundle.INSTALLED) {
            return; // resolved (and started, or about to be), or already gone
        }
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        if (wiring != null && wiring.resolveBundles(List.of(b))) {
            return;
        }
        String why;
        try {
            b.start(Bundle.START_TRANSIENT); // fails with the resolver's explanation
            return;
        } catch (BundleException | IllegalStateException e) {
            why = e.getMessage();
        }
        String name = b.getSymbolicName() != null ? b.getSymbolicName() : b.getLocation();
        failed.accept(name, "cannot be resolved: " + why);
    }

    void close() {
        try {
            context.removeBundleListener(this);
        } catch (IllegalStateException e) {
            // the framework is stopping
        }
        timer.shutdownNow();
    }
}
