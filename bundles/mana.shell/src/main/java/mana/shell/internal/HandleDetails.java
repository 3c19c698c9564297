package mana.shell.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.GroupDescriptor;
import mana.core.desc.OpDescriptor;
import mana.core.desc.RequestDescriptor;
import mana.core.fn.TypeProvider;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;

/** The full text of {@code mana:handle} for each kind of descriptor. */
final class HandleDetails {
    /** Accessors of unknown descriptor classes that are never called: they change state or are not data. */
    private static final Set<String> NOT_DATA = Set.of("kind", "sequence", "summary", "lower", "hashCode", "toString",
            "getClass");
    private static final List<String> MUTATOR_PREFIXES = List.of("set", "mark", "release", "retain", "refresh", "begin",
            "restore", "count", "next", "free", "close", "open");

    private HandleDetails() {
    }

    static void describe(Descriptor d, StringBuilder sb) {
        sb.append("  creation sequence: ").append(d.sequence()).append('\n');
        sb.append("  summary: ").append(d.summary()).append('\n');
        if (d instanceof CommDescriptor c) {
            comm(c, sb);
        } else if (d instanceof DatatypeDescriptor t) {
            sb.append("  constructor tree (refs = references that keep it reconstructible):\n");
            typeTree(sb, t, "    ");
        } else if (d instanceof OpDescriptor o) {
            Object f = o.userFunction() instanceof TypeProvider.UserOp u ? u.function() : o.userFunction();
            sb.append("  function class: ").append(f == null ? "-" : f.getClass().getName()).append('\n');
            sb.append("  commutative: ").append(o.commute()).append('\n');
            sb.append("  live: ").append(o.isLive()).append('\n');
        } else if (d instanceof RequestDescriptor r) {
            request(r, sb);
        } else if (d instanceof GroupDescriptor g) {
            sb.append("  members (world ranks): ").append(Arrays.toString(g.worldRanks())).append('\n');
        } else {
            accessors(d, sb);
        }
    }

    private static void comm(CommDescriptor c, StringBuilder sb) {
        sb.append(String.format("  gid: %x%n  rank: %d of %d%n  members (world ranks): %s%n", c.gid(), c.rank(), c.size(),
                Arrays.toString(c.worldRanks())));
        if (c.isInter()) {
            sb.append("  remote members (world ranks): ").append(Arrays.toString(c.remoteWorldRanks())).append('\n');
        }
        if (c.name() != null) {
            sb.append("  name: ").append(c.name()).append('\n');
        }
        sb.append("  topology: ").append(c.topology() == null ? "none" : c.topology().toString()).append('\n');
        sb.append("  collective sequence: ").append(c.collectiveSeq()).append('\n');
        sb.append("  messages per peer (").append(c.isInter() ? "remote ranks, " : "").append("sent/received):");
        for (int p = 0; p < c.peers(); p++) {
            sb.append(' ').append(p).append('=').append(c.sentTo(p)).append('/').append(c.receivedFrom(p));
        }
        sb.append('\n');
    }

    private static void request(RequestDescriptor r, StringBuilder sb) {
        sb.append("  pending operation: ").append(r.op().name().toLowerCase()).append(r.isPersistent() ? " (persistent)" : "")
                .append('\n');
        sb.append("  communicator: ").append(name(r.comm())).append('\n');
        sb.append(r.op().isReceive() ? "  source: " : "  destination: ").append(r.peer()).append('\n');
        sb.append("  tag: ").append(r.tag()).append('\n');
        sb.append("  count: ").append(r.count()).append(" of ").append(name(r.type())).append('\n');
        Object buf = r.buffer(); // read once: the entry is retired (buffer dropped) when the request completes
        sb.append("  buffer: ").append(buf == null ? "null" : buf.getClass().getSimpleName()).append('\n');
        sb.append("  state: ").append(r.isActive() ? "active" : "inactive").append(r.isCancelled() ? ", cancelled" : "")
                .append('\n');
    }

    private static void typeTree(StringBuilder sb, DatatypeDescriptor t, String indent) {
        sb.append(indent).append(t.constructor().name().toLowerCase()).append(" #").append(t.sequence())
                .append(" ints=").append(Arrays.toString(t.ints()))
                .append(t.addresses().length > 0 ? " addrs=" + Arrays.toString(t.addresses()) : "")
                .append(" refs=").append(t.references()).append(t.isCommitted() ? " committed" : "")
                .append(t.name() == null ? "" : " name=" + t.name()).append('\n');
        int[] bases = t.baseHandles();
        List<DatatypeDescriptor> ds = t.bases();
        for (int i = 0; i < bases.length; i++) {
            if (ds.get(i) == null) {
                sb.append(indent).append("  ").append(name(bases[i])).append('\n');
            } else {
                typeTree(sb, ds.get(i), indent + "  ");
            }
        }
    }

    /** {@code MPI.INT} for a predefined handle, else the handle in hex with its kind. */
    static String name(int vid) {
        String n = Vid.isPredefined(vid) ? Predefined.name(vid) : null;
        return n != null ? "MPI." + n : Vid.toString(vid);
    }

    /**
     * Descriptors of kinds this bundle does not know (files, infos, ... from other wrapper bundles):
     * the values of their public data accessors.
     */
    private static void accessors(Descriptor d, StringBuilder sb) {
        Method[] methods = d.getClass().getMethods();
        Arrays.sort(methods, (a, b) -> a.getName().compareTo(b.getName()));
        for (Method m : methods) {
            if (!isDataAccessor(m)) {
                continue;
            }
            String value;
            try {
                m.trySetAccessible(); // public accessors of a non-public class
                value = text(m.invoke(d));
            } catch (ReflectiveOperationException | RuntimeException e) {
                value = "(unavailable)";
            }
            sb.append("  ").append(m.getName()).append(": ").append(value).append('\n');
        }
    }

    static boolean isDataAccessor(Method m) {
        if (m.getParameterCount() != 0 || m.getReturnType() == void.class || Modifier.isStatic(m.getModifiers())
                || m.getDeclaringClass() == Object.class || NOT_DATA.contains(m.getName())) {
            return false;
        }
        for (String p : MUTATOR_PREFIXES) {
            if (m.getName().startsWith(p) && m.getName().length() > p.length()
                    && Character.isUpperCase(m.getName().charAt(p.length()))) {
                return false;
            }
        }
        return !MUTATOR_PREFIXES.contains(m.getName());
    }

    private static String text(Object v) {
        if (v == null) {
            return "-";
        }
        if (v instanceof Descriptor d) {
            return d.summary();
        }
        if (v.getClass().isArray()) {
            return Arrays.deepToString(new Object[] {v}).replaceAll("^\\[|\\]$", "");
        }
        if (v instanceof Integer i && i > 0 && Vid.kind(i) >= Kind.COMM && Vid.kind(i) <= Kind.MESSAGE) {
            return i + " (" + name(i) + ")";
        }
        return String.valueOf(v);
    }
}
