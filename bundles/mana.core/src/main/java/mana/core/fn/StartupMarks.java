package mana.core.fn;

import java.util.function.Consumer;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * Phase marks of the rank's start-up profile ({@code -Dmana.startup.trace=true}, printed by the
 * launcher at exit): {@code mark("MPI_Init")} ends the phase that ran since the previous mark.
 * Off (the default), a mark is one read of a final static field.
 */
public final class StartupMarks {
    private static final boolean ON = Boolean.getBoolean("mana.startup.trace");
    private static volatile Consumer<String> sink;

    private StartupMarks() {
    }

    /** Ends the current phase of the rank's start-up profile under this name; nothing when the profile is off. */
    public static void mark(String phase) {
        if (ON) {
            Consumer<String> s = sink != null ? sink : find();
            if (s != null) {
                s.accept(phase);
            }
        }
    }

    /** The launcher's sink service (filter {@code (mana.startup.trace=sink)}), or null. */
    @SuppressWarnings("unchecked")
    private static Consumer<String> find() {
        Bundle b = FrameworkUtil.getBundle(StartupMarks.class);
        BundleContext ctx = b == null ? null : b.getBundleContext();
        if (ctx == null) {
            return null;
        }
        try {
            for (ServiceReference<Consumer> r : ctx.getServiceReferences(Consumer.class, "(mana.startup.trace=sink)")) {
                sink = ctx.getService(r);
                return sink;
            }
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
        return null;
    }
}
