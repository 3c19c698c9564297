package mana.shell.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import mana.core.desc.Descriptor;
import mana.core.error.ManaException;
import mana.core.vid.Constants;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;

import org.osgi.service.component.annotations.Component;

/** {@code mana:handles} and {@code mana:handle}: the virtual handles of this rank. */
@Component(service = HandleCommands.class, property = {
    "osgi.command.scope=mana",
    "osgi.command.function=handles",
    "osgi.command.function=handle"})
public final class HandleCommands {
    static final String HANDLES_USAGE = "mana:handles [--kind K] [--all] [--json]   (K: " + kindNames() + ")";
    static final String HANDLE_USAGE = "mana:handle VID   (VID in hex, 0x..., or decimal)";

    @org.apache.felix.service.command.Descriptor("live virtual handles of this rank: value, kind, generation, slot, creation sequence, "
            + "lower-half handle, descriptor summary (--all adds the predefined objects)")
    public String handles(String... argv) {
        Args a;
        int kind;
        try {
            a = Args.parse(argv, Set.of("--all", "--json"), Set.of("--kind", "-k"), 0);
            kind = kindFilter(a.value("--kind", a.value("-k", "")));
        } catch (Args.Bad bad) {
            return Args.usage(bad, HANDLES_USAGE);
        }
        boolean json = a.has("--json");
        Table t = new Table("VID", "KIND", "GEN", "SLOT", "SEQ", "LOWER", "DESCRIPTOR");
        Map<String, Integer> perKind = new TreeMap<>();
        if (a.has("--all")) {
            for (int k = 1; k < Kind.LIMIT; k++) {
                List<String> names = Predefined.names(k);
                for (int i = 0; i < names.size() && matches(kind, k); i++) {
                    int vid = Vid.predefined(k, i);
                    Descriptor d = Constants.descriptor(vid);
                    t.row(hex(vid), Kind.name(k), "pre", i, "-", lowerOfPredefined(vid, k),
                            "MPI." + names.get(i) + (d == null ? "" : " " + d.summary()));
                    perKind.merge("predefined " + Kind.name(k), 1, Integer::sum);
                }
            }
        }
        List<VidTable.Entry> entries = new ArrayList<>(Handles.TABLE.liveEntries());
        entries.sort(Comparator.comparingLong(VidTable.Entry::sequence));
        for (VidTable.Entry e : entries) {
            int vid = e.vid();
            if (vid == Vid.NULL || !matches(kind, Vid.kind(vid))) {
                continue;
            }
            Descriptor d = e.descriptor();
            t.row(hex(vid), Kind.name(Vid.kind(vid)), Vid.generation(vid), Vid.slot(vid), e.sequence(),
                    LowerHandles.of(e.lower()), d == null ? "-" : d.summary());
            perKind.merge(Kind.name(Vid.kind(vid)), 1, Integer::sum);
        }
        if (json) {
            return t.render(true);
        }
        StringBuilder summary = new StringBuilder().append(t.size()).append(" handle(s)");
        String sep = ": ";
        for (Map.Entry<String, Integer> c : perKind.entrySet()) {
            summary.append(sep).append(c.getValue()).append(' ').append(c.getKey());
            sep = ", ";
        }
        return t.render(false) + summary + "\n";
    }

    @org.apache.felix.service.command.Descriptor("one handle in full: members, gid, topology, collective sequence, per-peer message counts (communicators), "
            + "constructor tree and reference counts (datatypes), function class (ops), pending operation (requests), "
            + "path, mode, view and positions (files); a stale, freed or forged value says which")
    public String handle(String... argv) {
        int vid;
        try {
            Args a = Args.parse(argv, Set.of(), Set.of(), 1);
            if (a.positional().isEmpty()) {
                throw new Args.Bad("no handle value given");
            }
            vid = parse(a.positional().get(0));
        } catch (Args.Bad bad) {
            return Args.usage(bad, HANDLE_USAGE);
        }
        StringBuilder sb = new StringBuilder("handle ").append(Vid.toString(vid)).append('\n');
        int kind = Vid.kind(vid);
        if (vid == Vid.NULL) {
            return sb.append("  the null handle: no object\n").toString();
        }
        if (kind < Kind.COMM || kind > Kind.MESSAGE) {
            return sb.append("  not a handle: no object kind has the value ").append(kind)
                    .append(" (bits 28-31); forged or not a handle at all\n").toString();
        }
        Object lower;
        Descriptor d;
        try {
            lower = Handles.lower(vid, kind);
            d = Handles.descriptor(vid, kind);
        } catch (ManaException e) {
            return sb.append("  ").append(e.getMessage()).append('\n').toString();
        }
        if (Vid.isPredefined(vid)) {
            sb.append("  predefined: MPI.").append(Predefined.name(vid)).append('\n');
        }
        sb.append("  lower half: ").append(lower.getClass().getName()).append(" handle ")
                .append(LowerHandles.of(lower)).append('\n');
        if (d == null) {
            return sb.append("  no descriptor (nothing to rebuild at restart)\n").toString();
        }
        HandleDetails.describe(d, sb);
        return sb.toString();
    }

    /** A kind filter: 0 for all, else the kind whose name starts with the text. */
    static int kindFilter(String text) throws Args.Bad {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        String t = text.toLowerCase(Locale.ROOT);
        for (int k = 1; k <= Kind.MESSAGE; k++) {
            if (Kind.name(k).startsWith(t)) {
                return k;
            }
        }
        throw new Args.Bad("unknown kind " + text);
    }

    private static String kindNames() {
        List<String> names = new ArrayList<>();
        for (int k = 1; k <= Kind.MESSAGE; k++) {
            names.add(Kind.name(k));
        }
        return String.join(", ", names);
    }

    private static boolean matches(int filter, int kind) {
        return filter == 0 || filter == kind;
    }

    static int parse(String value) throws Args.Bad {
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            return v.startsWith("0x") ? Integer.parseUnsignedInt(v.substring(2), 16) : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new Args.Bad("not a handle value: " + value);
        }
    }

    static String hex(int vid) {
        return String.format("0x%08x", vid);
    }

    private static String lowerOfPredefined(int vid, int kind) {
        try {
            return LowerHandles.of(Constants.get(vid, kind));
        } catch (ManaException e) {
            return "(not set)";
        }
    }
}
