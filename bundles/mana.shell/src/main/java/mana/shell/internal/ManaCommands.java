package mana.shell.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.error.ManaException;
import mana.core.fn.Area;
import mana.core.fn.CollProvider;
import mana.core.fn.CommProvider;
import mana.core.fn.EnvProvider;
import mana.core.fn.FunctionCatalog;
import mana.core.fn.GroupProvider;
import mana.core.fn.P2pProvider;
import mana.core.fn.RequestProvider;
import mana.core.stats.FunctionStats;
import mana.core.vid.Constants;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import org.apache.felix.service.command.Parameter;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/** The {@code mana:*} Gogo commands: what MPI objects this rank holds, and what MANA provides. */
@Component(service = Object.class, property = {
    "osgi.command.scope=mana",
    "osgi.command.function=handles",
    "osgi.command.function=handle",
    "osgi.command.function=stats",
    "osgi.command.function=kinds",
    "osgi.command.function=functions"})
public final class ManaCommands {

    private BundleContext context;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DescriptorKinds kinds;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @org.apache.felix.service.command.Descriptor("live virtual handles of this rank (and the predefined objects with --all)")
    public String handles(
            @Parameter(names = {"--kind", "-k"}, absentValue = "") String kind,
            @Parameter(names = "--all", presentValue = "true", absentValue = "false") boolean all,
            @Parameter(names = "--json", presentValue = "true", absentValue = "false") boolean json) {
        Table t = new Table("VID", "KIND", "GEN", "SLOT", "SEQ", "LOWER", "DESCRIPTOR");
        List<VidTable.Entry> entries = new ArrayList<>(Handles.TABLE.liveEntries());
        entries.sort(Comparator.comparingLong(VidTable.Entry::sequence));
        if (all) {
            for (int k = 1; k < Kind.LIMIT; k++) {
                List<String> names = Predefined.names(k);
                for (int i = 0; i < names.size(); i++) {
                    int vid = Vid.predefined(k, i);
                    if (matches(kind, k)) {
                        Descriptor d = Constants.descriptor(vid);
                        t.row(hex(vid), Kind.name(k), "pre", i, "-", lowerOf(vid, k),
                                "MPI." + names.get(i) + (d == null ? "" : " " + d.summary()));
                    }
                }
            }
        }
        for (VidTable.Entry e : entries) {
            int vid = e.vid();
            if (vid == 0 || !matches(kind, Vid.kind(vid))) {
                continue;
            }
            Descriptor d = e.descriptor();
            t.row(hex(vid), Kind.name(Vid.kind(vid)), Vid.generation(vid), Vid.slot(vid), e.sequence(),
                    realHandle(e.lower()), d == null ? "-" : d.summary());
        }
        return t.render(json) + (json ? "" : t.size() + " handle(s)\n");
    }

    @org.apache.felix.service.command.Descriptor("one handle in full; says so if it is stale or forged")
    public String handle(@org.apache.felix.service.command.Descriptor("handle value, hex (0x...) or decimal") String value) {
        int vid;
        try {
            vid = parse(value);
        } catch (NumberFormatException e) {
            return "not a handle value: " + value + "\n";
        }
        int kind = Vid.kind(vid);
        StringBuilder sb = new StringBuilder();
        sb.append("handle ").append(Vid.toString(vid)).append('\n');
        Descriptor d;
        Object lower;
        try {
            lower = Handles.lower(vid, kind);
            d = Handles.descriptor(vid, kind);
        } catch (ManaException e) {
            return sb.append(e.getMessage()).append('\n').toString();
        }
        if (Vid.isPredefined(vid)) {
            sb.append("  predefined: MPI.").append(Predefined.name(vid)).append('\n');
        }
        sb.append("  lower half: ").append(lower.getClass().getName()).append(" handle ").append(realHandle(lower)).append('\n');
        if (d == null) {
            return sb.append("  no descriptor\n").toString();
        }
        sb.append("  sequence: ").append(d.sequence()).append('\n');
        if (d instanceof CommDescriptor c) {
            sb.append(String.format("  gid: %x%n  rank: %d of %d%n  world ranks: %s%n  collective seq: %d%n", c.gid(), c.rank(),
                    c.size(), java.util.Arrays.toString(c.worldRanks()), c.collectiveSeq()));
            if (c.topology() != null) {
                sb.append("  topology: ").append(c.topology()).append('\n');
            }
            sb.append("  messages per peer (sent/received):");
            for (int p = 0; p < c.size(); p++) {
                sb.append(' ').append(p).append('=').append(c.sentTo(p)).append('/').append(c.receivedFrom(p));
            }
            sb.append('\n');
        } else if (d instanceof DatatypeDescriptor t) {
            typeTree(sb, t, "  ");
        } else {
            sb.append("  ").append(d.summary()).append('\n');
        }
        return sb.toString();
    }

    private static void typeTree(StringBuilder sb, DatatypeDescriptor t, String indent) {
        sb.append(indent).append(t.summary()).append('\n');
        int[] bases = t.baseHandles();
        List<DatatypeDescriptor> ds = t.bases();
        for (int i = 0; i < bases.length; i++) {
            if (ds.get(i) == null) {
                String n = Predefined.name(bases[i]);
                sb.append(indent).append("  ").append(n == null ? Vid.toString(bases[i]) : "MPI." + n).append('\n');
            } else {
                typeTree(sb, ds.get(i), indent + "  ");
            }
        }
    }

    @org.apache.felix.service.command.Descriptor("calls per MPI function in this rank")
    public String stats(@Parameter(names = "--json", presentValue = "true", absentValue = "false") boolean json) {
        Table t = new Table("FUNCTION", "CALLS");
        for (FunctionStats.Row r : FunctionStats.snapshot()) {
            t.row(r.function(), r.calls());
        }
        return t.render(json);
    }

    @org.apache.felix.service.command.Descriptor("registered descriptor kinds, in restore order")
    public String kinds(@Parameter(names = "--json", presentValue = "true", absentValue = "false") boolean json) {
        Table t = new Table("ORDER", "KIND", "NAME", "DESCRIPTORS", "BUNDLE");
        DescriptorKinds k = kinds;
        if (k != null) {
            for (DescriptorKind d : k.inRestoreOrder()) {
                Bundle b = org.osgi.framework.FrameworkUtil.getBundle(d.getClass());
                t.row(d.restoreOrder(), Kind.name(d.kind()), d.name(), d.descriptors().size(),
                        b == null ? "-" : b.getSymbolicName());
            }
        }
        return t.render(json);
    }

    @org.apache.felix.service.command.Descriptor("each MPI function of the API and the bundle that provides it")
    public String functions(
            @Parameter(names = "--missing", presentValue = "true", absentValue = "false") boolean missing,
            @Parameter(names = "--json", presentValue = "true", absentValue = "false") boolean json) throws IOException {
        Table t = new Table("MPI FUNCTION", "JAVA MEMBER", "AREA", "PROVIDED BY");
        Map<Area, String> providers = providerBundles();
        int provided = 0;
        int total = 0;
        for (String[] r : apiFunctions()) {
            Area area = FunctionCatalog.areaOf(r[2]);
            String by = "hand-written".equals(r[3]) ? providers.getOrDefault(area, "-") : "-";
            boolean isProvided = !"-".equals(by);
            total++;
            provided += isProvided ? 1 : 0;
            if (missing && isProvided) {
                continue;
            }
            t.row(r[2], r[0] + "." + r[1], area.name().toLowerCase(Locale.ROOT),
                    isProvided ? by : area.bundle() == null ? "unsupported" : "unsupported (" + area.bundle() + ")");
        }
        return t.render(json) + (json ? "" : provided + " of " + total + " API members provided\n");
    }

    /** Rows of META-INF/mana/functions.tsv of the upper half: class, member, MPI function, hand-written|unsupported. */
    private List<String[]> apiFunctions() throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (Bundle b : context.getBundles()) {
            if (!"mana.mpi".equals(b.getSymbolicName())) {
                continue;
            }
            URL u = b.getEntry("META-INF/mana/functions.tsv");
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
        }
        return rows;
    }

    private Map<Area, String> providerBundles() {
        Map<Area, String> m = new LinkedHashMap<>();
        m.put(Area.ENV, providerOf(EnvProvider.class));
        m.put(Area.COMM, providerOf(CommProvider.class, GroupProvider.class));
        m.put(Area.P2P, providerOf(P2pProvider.class, RequestProvider.class));
        m.put(Area.COLL, providerOf(CollProvider.class));
        m.values().removeIf(v -> v == null);
        return m;
    }

    private String providerOf(Class<?>... types) {
        List<String> names = new ArrayList<>();
        for (Class<?> type : types) {
            ServiceReference<?> ref = context.getServiceReference(type.getName());
            if (ref != null && !names.contains(ref.getBundle().getSymbolicName())) {
                names.add(ref.getBundle().getSymbolicName());
            }
        }
        return names.isEmpty() ? null : String.join("+", names);
    }

    private static boolean matches(String kindFilter, int kind) {
        return kindFilter == null || kindFilter.isEmpty() || Kind.name(kind).startsWith(kindFilter.toLowerCase(Locale.ROOT));
    }

    static int parse(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        return v.startsWith("0x") ? Integer.parseUnsignedInt(v.substring(2), 16) : Integer.parseInt(v);
    }

    private static String hex(int vid) {
        return String.format("0x%08x", vid);
    }

    private static String lowerOf(int vid, int kind) {
        try {
            return realHandle(Constants.get(vid, kind));
        } catch (ManaException e) {
            return "(not set)";
        }
    }

    /** The lower half's own handle value (its {@code handle} field), without naming its classes. */
    static String realHandle(Object lower) {
        if (lower == null) {
            return "-";
        }
        for (Class<?> c = lower.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField("handle");
                f.setAccessible(true);
                Object v = f.get(lower);
                return v instanceof Long l ? String.format("0x%x", l) : String.valueOf(v);
            } catch (NoSuchFieldException e) {
                // try the superclass
            } catch (ReflectiveOperationException | RuntimeException e) {
                return lower.getClass().getSimpleName();
            }
        }
        return lower.getClass().getSimpleName();
    }
}
