package mana.shell.internal;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.wiring.FrameworkWiring;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * {@code mana:install} and {@code mana:uninstall}: add a wrapper bundle to this rank's running
 * framework, or take one out. The function table picks providers up and drops them as their
 * services come and go, so the application sees new functions without a restart.
 */
@Component(service = BundleCommands.class, property = {
    "osgi.command.scope=mana",
    "osgi.command.function=install",
    "osgi.command.function=uninstall"})
public final class BundleCommands {
    static final String INSTALL_USAGE = "mana:install URL|PATH   (a bundle jar; installed and started in this rank)";
    static final String UNINSTALL_USAGE = "mana:uninstall BSN|ID   (symbolic name or bundle id)";
    /** Bundles the running application cannot lose: the core, the upper half, this shell. */
    static final Set<String> PROTECTED = Set.of("mana.core", "mana.mpi", "mana.wrappers.base", "mana.shell",
            "org.apache.felix.scr", "org.apache.felix.gogo.runtime");
    private static final long REFRESH_WAIT_S = 10;

    private BundleContext context;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @org.apache.felix.service.command.Descriptor("install and start a bundle in this rank's framework")
    public String install(String... argv) {
        String location;
        try {
            Args a = Args.parse(argv, Set.of(), Set.of(), 1);
            if (a.positional().isEmpty()) {
                throw new Args.Bad("no bundle given");
            }
            location = location(a.positional().get(0));
        } catch (Args.Bad bad) {
            return Args.usage(bad, INSTALL_USAGE);
        }
        for (Bundle b : context.getBundles()) {
            if (b.getLocation().equals(location)) {
                return "already installed: " + describe(b) + "\n";
            }
        }
        Bundle b;
        try {
            b = context.installBundle(location);
        } catch (BundleException | RuntimeException e) {
            return "cannot install " + location + ": " + oneLine(e) + "\n";
        }
        try {
            b.start();
        } catch (BundleException | RuntimeException e) {
            String why = oneLine(e);
            try {
                b.uninstall();
            } catch (BundleException | RuntimeException ignored) {
                // it was never started; nothing else to undo
            }
            return "cannot start " + b.getSymbolicName() + " (" + location + "), not installed: " + why + "\n";
        }
        return "installed and started " + describe(b) + "\n";
    }

    @org.apache.felix.service.command.Descriptor("stop and uninstall a bundle of this rank's framework")
    public String uninstall(String... argv) {
        Bundle b;
        try {
            Args a = Args.parse(argv, Set.of(), Set.of(), 1);
            if (a.positional().isEmpty()) {
                throw new Args.Bad("no bundle given");
            }
            b = find(a.positional().get(0));
        } catch (Args.Bad bad) {
            return Args.usage(bad, UNINSTALL_USAGE);
        }
        String refusal = refusal(b);
        if (refusal != null) {
            return "refused: " + refusal + "\n";
        }
        String what = describe(b);
        try {
            b.uninstall();
        } catch (BundleException | RuntimeException e) {
            return "cannot uninstall " + what + ": " + oneLine(e) + "\n";
        }
        return refresh(b) ? "uninstalled " + what + "\n"
                : "uninstalled " + what + " (its old classes are released when the framework refreshes)\n";
    }

    /** Why a bundle must stay, or null. */
    private String refusal(Bundle b) {
        if (b.getBundleId() == 0) {
            return "the framework itself cannot be uninstalled";
        }
        if (b.getLocation().startsWith("mana-app:")) {
            return "bundle " + b.getBundleId() + " is the running application";
        }
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        Collection<Bundle> closure = wiring.getDependencyClosure(List.of(b));
        for (Bundle d : closure) {
            if (PROTECTED.contains(d.getSymbolicName()) || d.getLocation().startsWith("mana-app:")) {
                return d == b ? b.getSymbolicName() + " is part of the platform the running application needs"
                        : "removing " + b.getSymbolicName() + " would restart " + d.getSymbolicName()
                        + ", which the running application needs";
            }
        }
        return null;
    }

    /** Drops the uninstalled bundle's wiring so its classes can go (waits a bounded time). */
    private boolean refresh(Bundle b) {
        CountDownLatch done = new CountDownLatch(1);
        FrameworkWiring wiring = context.getBundle(0).adapt(FrameworkWiring.class);
        wiring.refreshBundles(List.of(b), e -> {
            if (e.getType() == FrameworkEvent.PACKAGES_REFRESHED) {
                done.countDown();
            }
        });
        try {
            return done.await(REFRESH_WAIT_S, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private Bundle find(String text) throws Args.Bad {
        if (text.chars().allMatch(Character::isDigit)) {
            Bundle b;
            try {
                b = context.getBundle(Long.parseLong(text));
            } catch (NumberFormatException e) {
                b = null;
            }
            if (b == null) {
                throw new Args.Bad("no bundle with id " + text);
            }
            return b;
        }
        for (Bundle b : context.getBundles()) {
            if (text.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new Args.Bad("no bundle named " + text);
    }

    /** A URL as it is; a path must name an existing file. */
    static String location(String text) throws Args.Bad {
        if (text.matches("^[a-zA-Z][a-zA-Z0-9+.-]+:.*") && !text.matches("^[a-zA-Z]:\\\\.*")) {
            try {
                return URI.create(text).toString();
            } catch (IllegalArgumentException e) {
                throw new Args.Bad("not a URL: " + text);
            }
        }
        Path p = Path.of(text).toAbsolutePath().normalize();
        if (!Files.isRegularFile(p)) {
            throw new Args.Bad(text + ": no such file");
        }
        return p.toUri().toString();
    }

    private static String describe(Bundle b) {
        return b.getSymbolicName() + " " + b.getVersion() + " (id " + b.getBundleId() + ")";
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
