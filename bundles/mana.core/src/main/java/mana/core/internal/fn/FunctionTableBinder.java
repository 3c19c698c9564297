package mana.core.internal.fn;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import mana.core.fn.Activations;
import mana.core.fn.CollProvider;
import mana.core.fn.CommProvider;
import mana.core.fn.EnvProvider;
import mana.core.fn.FunctionTable;
import mana.core.gate.CheckpointGate;
import mana.core.fn.GroupProvider;
import mana.core.fn.RequestProvider;
import mana.core.fn.TypeProvider;
import mana.core.fn.P2pProvider;
import mana.core.fn.FileProvider;
import mana.core.fn.InfoProvider;
import mana.core.fn.RmaProvider;
import mana.core.fn.TopoProvider;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/**
 * Puts the provider services of the wrapper bundles into the {@link FunctionTable}. Dynamic
 * greedy references: a bundle started later is picked up without restarting anything; when it
 * stops, the previous provider (or the missing stand-in) takes its place.
 */
@Component(immediate = true, service = {})
public final class FunctionTableBinder {

    private final Deque<EnvProvider> envs = new ArrayDeque<>();
    private final Deque<CommProvider> comms = new ArrayDeque<>();
    private final Deque<P2pProvider> p2ps = new ArrayDeque<>();
    private final Deque<CollProvider> colls = new ArrayDeque<>();
    private final Deque<RequestProvider> requests = new ArrayDeque<>();
    private final Deque<GroupProvider> groups = new ArrayDeque<>();
    private final Deque<TypeProvider> types = new ArrayDeque<>();
    private final Deque<TopoProvider> topos = new ArrayDeque<>();
    private final Deque<FileProvider> files = new ArrayDeque<>();
    private final Deque<InfoProvider> infos = new ArrayDeque<>();
    private final Deque<RmaProvider> rmas = new ArrayDeque<>();
    /** Providers switched on by agreement, and the stand-ins that count their calls as agreement events. */
    private final java.util.Map<Object, Object> counted = new java.util.IdentityHashMap<>();

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindTopo(TopoProvider p) {
        bind(TopoProvider.class, topos, p);
    }

    void unbindTopo(TopoProvider p) {
        unbind(TopoProvider.class, topos, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindFile(FileProvider p) {
        bind(FileProvider.class, files, p);
    }

    void unbindFile(FileProvider p) {
        unbind(FileProvider.class, files, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindInfo(InfoProvider p) {
        bind(InfoProvider.class, infos, p);
    }

    void unbindInfo(InfoProvider p) {
        unbind(InfoProvider.class, infos, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindRma(RmaProvider p) {
        bind(RmaProvider.class, rmas, p);
    }

    void unbindRma(RmaProvider p) {
        unbind(RmaProvider.class, rmas, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindType(TypeProvider p) {
        bind(TypeProvider.class, types, p);
    }

    void unbindType(TypeProvider p) {
        unbind(TypeProvider.class, types, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindRequest(RequestProvider p) {
        bind(RequestProvider.class, requests, p);
    }

    void unbindRequest(RequestProvider p) {
        unbind(RequestProvider.class, requests, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindGroup(GroupProvider p) {
        bind(GroupProvider.class, groups, p);
    }

    void unbindGroup(GroupProvider p) {
        unbind(GroupProvider.class, groups, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindEnv(EnvProvider p) {
        bind(EnvProvider.class, envs, p);
    }

    void unbindEnv(EnvProvider p) {
        unbind(EnvProvider.class, envs, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindComm(CommProvider p) {
        bind(CommProvider.class, comms, p);
    }

    void unbindComm(CommProvider p) {
        unbind(CommProvider.class, comms, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindP2p(P2pProvider p) {
        bind(P2pProvider.class, p2ps, p);
    }

    void unbindP2p(P2pProvider p) {
        unbind(P2pProvider.class, p2ps, p);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    synchronized void bindColl(CollProvider p) {
        bind(CollProvider.class, colls, p);
    }

    void unbindColl(CollProvider p) {
        unbind(CollProvider.class, colls, p);
    }

    private <T> void bind(Class<T> type, Deque<T> stack, T p) {
        // A provider bound while the ranks run waits until every rank switches it on at the same point.
        if (Activations.defer(bundleOf(p), type, p, () -> switchOn(type, stack, p))) {
            return;
        }
        stack.push(p);
        FunctionTable.install(type, p);
    }

    /** Run by the application thread at the agreed event: from now on the provider's calls are events too. */
    private synchronized <T> void switchOn(Class<T> type, Deque<T> stack, T p) {
        stack.push(p);
        counted.put(p, Activations.counting(type, p));
        FunctionTable.install(type, served(type, stack));
    }

    /**
     * Not synchronized: with an agreement, {@link Activations#retire} waits here until the
     * application thread has switched the provider off at the agreed event, which takes this
     * component's monitor.
     */
    private <T> void unbind(Class<T> type, Deque<T> stack, T p) {
        if (Activations.withdraw(bundleOf(p), type, p)) {
            return; // it never served a call
        }
        Runnable off = () -> switchOff(type, stack, p);
        if (!Activations.retire(bundleOf(p), type, off)) {
            off.run();
        }
        // New calls now go elsewhere; let calls already inside a wrapper finish before the
        // provider's bundle goes away (bounded: a call blocked in MPI must not hang this).
        if (CheckpointGate.GATE.close(QUIESCE_SECONDS, TimeUnit.SECONDS)) {
            CheckpointGate.GATE.open();
        }
    }

    private synchronized <T> void switchOff(Class<T> type, Deque<T> stack, T p) {
        stack.remove(p);
        counted.remove(p);
        FunctionTable.install(type, served(type, stack));
    }

    /** What the table is to hold for the top of {@code stack}: a hot-added provider counts its calls. */
    private <T> T served(Class<T> type, Deque<T> stack) {
        T top = stack.peek();
        return top == null ? null : type.cast(counted.getOrDefault(top, top));
    }

    private static final long QUIESCE_SECONDS = 2;

    /** The symbolic name of the bundle a provider comes from. */
    static String bundleOf(Object p) {
        Bundle b = FrameworkUtil.getBundle(p.getClass());
        return b != null ? b.getSymbolicName() : p.getClass().getName();
    }
}
