package mana.shell.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.fn.Activations;
import mana.core.fn.Area;
import mana.core.fn.FunctionCatalog;
import mana.core.fn.FunctionTable;
import mana.core.fn.MpiName;
import mana.core.stats.FunctionStats;
import mana.core.vid.Kind;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/** {@code mana:functions}, {@code mana:stats}, {@code mana:kinds}: what MANA provides and what was called. */
@Component(service = CatalogCommands.class, property = {
    "osgi.command.scope=mana",
    "osgi.command.function=functions",
    "osgi.command.function=stats",
    "osgi.command.function=kinds"})
public final class CatalogCommands {
    static final String FUNCTIONS_USAGE = "mana:functions [--missing] [--json]";
    static final String STATS_USAGE = "mana:stats [--json]";
    static final String KINDS_USAGE = "mana:kinds [--json]";

    private BundleContext context;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DescriptorKinds kinds;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @org.apache.felix.service.command.Descriptor("each MPI function of the API and the bundle that provides it, "
            + "or 'unsupported' (--missing: only those)")
    public String functions(String... argv) throws IOException {
        Args a;
        try {
            a = Args.parse(argv, Set.of("--missing", "--json"), Set.of(), 0);
        } catch (Args.Bad bad) {
            return Args.usage(bad, FUNCTIONS_USAGE);
        }
        boolean json = a.has("--json");
        Map<String, String> byFunction = providerBundlesByFunction();
        Set<String> waiting = waitingBundles();
        Table t = new Table("MPI FUNCTION", "JAVA MEMBER", "AREA", "PROVIDED BY");
        int provided = 0;
        int total = 0;
        for (String[] r : apiFunctions()) {
            if (r.length < 4) {
                continue;
            }
            Area area = FunctionCatalog.areaOf(r[2]);
            String by = "hand-written".equals(r[3]) ? providerOf(r[2], area, byFunction, waiting) : null;
            total++;
            if (by != null) {
                provided++;
                if (a.has("--missing")) {
                    continue;
                }
            }
            t.row(r[2], r[0] + "." + r[1], area.name().toLowerCase(Locale.ROOT),
                    by != null ? by : area.bundle() == null ? "unsupported" : "unsupported (" + area.bundle() + ")");
        }
        if (total == 0) {
            return "no function list: bundle mana.mpi (META-INF/mana/functions.tsv) is not installed\n";
        }
        return t.render(json) + (json ? "" : provided + " of " + total + " API members provided\n" + hotAdded());
    }

    @org.apache.felix.service.command.Descriptor("calls per MPI function in this rank, most called first")
    public String stats(String... argv) {
        Args a;
        try {
            a = Args.parse(argv, Set.of("--json"), Set.of(), 0);
        } catch (Args.Bad bad) {
            return Args.usage(bad, STATS_USAGE);
        }
        List<FunctionStats.Row> rows = new ArrayList<>(FunctionStats.snapshot());
        rows.sort((x, y) -> Long.compare(y.calls(), x.calls()));
        Table t = new Table("FUNCTION", "CALLS");
        long total = 0;
        for (FunctionStats.Row r : rows) {
            t.row(r.function(), r.calls());
            total += r.calls();
        }
        if (a.has("--json")) {
            return t.render(true);
        }
        return t.render(false) + total + " call(s) to " + rows.size() + " function(s); time per call is not collected\n";
    }

    @org.apache.felix.service.command.Descriptor("registered descriptor kinds (what a checkpoint saves), in restore order")
    public String kinds(String... argv) {
        Args a;
        try {
            a = Args.parse(argv, Set.of("--json"), Set.of(), 0);
        } catch (Args.Bad bad) {
            return Args.usage(bad, KINDS_USAGE);
        }
        Table t = new Table("ORDER", "KIND", "NAME", "DESCRIPTORS", "BUNDLE");
        DescriptorKinds k = kinds;
        if (k == null) {
            return "no descriptor kind registry (bundle mana.core is not active)\n";
        }
        for (DescriptorKind d : k.inRestoreOrder()) {
            Bundle b = FrameworkUtil.getBundle(d.getClass());
            t.row(d.restoreOrder(), Kind.name(d.kind()), d.name(), countOf(d), b == null ? "-" : b.getSymbolicName());
        }
        return t.render(a.has("--json"));
    }

    private static String countOf(DescriptorKind d) {
        try {
            return String.valueOf(d.descriptors().size());
        } catch (RuntimeException e) {
            return "? (" + e.getClass().getSimpleName() + ")";
        }
    }

    /**
     * The bundle that provides a function now: the provider whose interface declares the MPI name
     * ({@link MpiName}); for Java-only members (no MPI name on any provider), the area's bundle when it is active.
     */
    private String providerOf(String function, Area area, Map<String, String> byFunction, Set<String> waiting) {
        String by = byFunction.get(function);
        if (by != null) {
            return by.isEmpty() ? null : by;
        }
        String bsn = area.bundle();
        if (bsn == null || waiting.contains(bsn)) {
            return null; // absent, or hot-added and not yet switched on
        }
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName()) && b.getState() == Bundle.ACTIVE) {
                return bsn;
            }
        }
        return null;
    }

    /** Bundles added while the job runs whose providers are not switched on (yet, or any more). */
    private static Set<String> waitingBundles() {
        Set<String> out = new java.util.HashSet<>();
        Activations.states().forEach((k, v) -> {
            // a leaving provider serves until the agreed point
            if (!v.startsWith("active") && !v.startsWith("leaving") && k.contains(":")) {
                out.add(k.substring(0, k.indexOf(':')));
            }
        });
        return out;
    }

    /** Bundles added or removed while the job runs and where they stand (waiting, active, leaving, removed, refused). */
    static String hotAdded() {
        Map<String, String> states = Activations.states();
        if (states.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("bundles added while the job runs (" + Activations.events()
                + " agreement events so far on this rank):\n");
        states.forEach((k, v) -> sb.append("  ").append(k).append(": ").append(v).append('\n'));
        return sb.toString();
    }

    /** MPI name to providing bundle ("" when the provider interface exists but no bundle serves it now). */
    private Map<String, String> providerBundlesByFunction() {
        Map<String, String> m = new HashMap<>();
        for (Class<?> type : FunctionTable.PROVIDER_TYPES) {
            String bsn = "";
            ServiceReference<?> ref = context.getServiceReference(type.getName());
            if (ref != null && ref.getBundle() != null && FunctionTable.isProvided(type)) {
                bsn = ref.getBundle().getSymbolicName();
            }
            for (Method method : type.getMethods()) {
                MpiName n = method.getAnnotation(MpiName.class);
                if (n != null) {
                    m.merge(n.value(), bsn, (x, y) -> x.isEmpty() ? y : x);
                }
            }
        }
        return m;
    }

    /** Rows of META-INF/mana/functions.tsv of the upper half: class, member, MPI function, hand-written|unsupported. */
    private List<String[]> apiFunctions() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            URL u = "mana.mpi".equals(b.getSymbolicName()) ? b.getEntry("META-INF/mana/functions.tsv") : null;
            if (u == null) {
                continue;
            }
            try (BufferedReader r = new BufferedReader(new InputStreamReader(u.openStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (!line.startsWith("#") && !line.isBlank()) {
                        rows.add(line.split("\t"));
                    }
                }
            }
            break;
        }
        return rows;
    }
}
