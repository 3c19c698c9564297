package mana.shell.internal;

import mana.core.fn.LifecycleListener;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code mana run --console}: the rank with the console (Gogo with JLine, bundle
 * mana.console) stays at MPI_Finalize until the user leaves the console, so its
 * MPI objects can still be looked at after the application's work is done.
 */
@Component(service = LifecycleListener.class)
public final class ConsoleAtFinalize implements LifecycleListener {
    static final String PROPERTY = "mana.console";
    /** The thread of the console session (bundle mana.console). */
    static final String CONSOLE_THREAD = "mana console";

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @Override
    public void beforeFinalize() {
        if (!Boolean.parseBoolean(context.getProperty(PROPERTY))) {
            return;
        }
        Thread console = consoleThread();
        if (console == null) {
            return;
        }
        System.out.println();
        System.out.println("[mana console] the application called MPI.Finalize; this rank waits until you leave "
                + "the console (Ctrl-D, or exit 0)");
        System.out.flush();
        try {
            console.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Thread consoleThread() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (CONSOLE_THREAD.equals(t.getName()) && t.isAlive() && t != Thread.currentThread()) {
                return t;
            }
        }
        return null;
    }
}
