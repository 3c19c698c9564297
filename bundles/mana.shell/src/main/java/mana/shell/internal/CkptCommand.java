package mana.shell.internal;

import java.util.List;
import java.util.Set;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.desc.RequestDescriptor;
import mana.core.gate.CheckpointGate;
import mana.core.vid.Kind;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * {@code mana:ckpt}: the checkpoint status of this rank. The engine (bundle mana.ckpt) is optional:
 * it is looked up by name and called reflectively, so this bundle neither imports nor needs it.
 */
@Component(service = CkptCommand.class, property = {
    "osgi.command.scope=mana",
    "osgi.command.function=ckpt"})
public final class CkptCommand {
    static final String ENGINE = "mana.ckpt.engine.RankCheckpointer";
    static final String USAGE = "mana:ckpt";
    /** Set on the ranks of a restarted job (contract of RankCheckpointer.isRestart). */
    static final String RESTART_DIR = "mana.restart.dir";

    private BundleContext context;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile DescriptorKinds kinds;

    @Activate
    void activate(BundleContext context) {
        this.context = context;
    }

    @org.apache.felix.service.command.Descriptor("checkpoint status of this rank: engine, gate, pending "
            + "point-to-point requests, what a checkpoint would save")
    public String ckpt(String... argv) {
        try {
            Args.parse(argv, Set.of(), Set.of(), 0);
        } catch (Args.Bad bad) {
            return Args.usage(bad, USAGE);
        }
        StringBuilder sb = new StringBuilder();
        engine(sb);
        String restartDir = context.getProperty(RESTART_DIR);
        if (restartDir != null && !restartDir.isBlank()) {
            sb.append("restarted from: ").append(restartDir).append('\n');
        }
        capture(sb);
        CheckpointGate g = CheckpointGate.GATE;
        sb.append("gate: ").append(g.isClosed() ? "closed (a checkpoint is being taken)" : "open")
                .append(", threads inside MPI calls: ").append(g.insideCount()).append('\n');
        List<RequestDescriptor.Pending> pending = RequestDescriptor.pending();
        sb.append("pending point-to-point requests: ").append(pending.size()).append('\n');
        for (RequestDescriptor.Pending p : pending) {
            RequestDescriptor d = p.descriptor();
            sb.append("  ").append(HandleCommands.hex(p.vid())).append(' ').append(d.op().name().toLowerCase())
                    .append(d.op().isReceive() ? " source=" : " dest=").append(d.peer()).append(" tag=").append(d.tag())
                    .append(" comm=").append(HandleDetails.name(d.comm())).append(d.isActive() ? " active" : " inactive")
                    .append('\n');
        }
        DescriptorKinds k = kinds;
        sb.append("a checkpoint now would save:");
        if (k == null) {
            sb.append(" (no descriptor kind registry)\n");
        } else {
            String sep = " ";
            for (DescriptorKind d : k.inRestoreOrder()) {
                sb.append(sep).append(count(d)).append(' ').append(d.name()).append(" (").append(Kind.name(d.kind()))
                        .append(')');
                sep = ", ";
            }
            sb.append(sep.equals(" ") ? " nothing registered\n" : "\n");
        }
        return sb.toString();
    }

    private void engine(StringBuilder sb) {
        ServiceReference<?> ref = context.getServiceReference(ENGINE);
        if (ref == null || ref.getBundle() == null) {
            sb.append("engine: checkpoint engine not installed (no ").append(ENGINE).append(" service)\n");
            return;
        }
        Bundle b = ref.getBundle();
        sb.append("engine: ").append(b.getSymbolicName()).append(' ').append(b.getVersion()).append('\n');
        Object engine = context.getService(ref);
        try {
            Class<?> api = b.loadClass(ENGINE);
            Object restart = api.getMethod("isRestart").invoke(engine);
            sb.append("started as a restart: ").append(Boolean.TRUE.equals(restart) ? "yes" : "no").append('\n');
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            sb.append("started as a restart: unknown (").append(e.getClass().getSimpleName()).append(")\n");
        } finally {
            context.ungetService(ref);
        }
    }

    /** Transparent checkpointing (bundle mana.ckpt.heap, optional): the capture state of the main thread. */
    @SuppressWarnings("unchecked")
    private void capture(StringBuilder sb) {
        try {
            var refs = context.getServiceReferences(java.util.function.Supplier.class, "(mana.capture.state=transparent)");
            for (ServiceReference<java.util.function.Supplier> r : refs) {
                java.util.function.Supplier<Object> s = context.getService(r);
                try {
                    sb.append(s == null ? "transparent: unknown" : String.valueOf(s.get())).append('\n');
                } finally {
                    context.ungetService(r);
                }
                return;
            }
        } catch (org.osgi.framework.InvalidSyntaxException | RuntimeException e) {
            sb.append("transparent: unknown (").append(e.getClass().getSimpleName()).append(")\n");
            return;
        }
        sb.append("transparent: not installed (bundle mana.ckpt.heap)\n");
    }

    private static String count(DescriptorKind d) {
        try {
            return String.valueOf(d.descriptors().size());
        } catch (RuntimeException e) {
            return "?";
        }
    }
}
