package mana.core.internal.desc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.desc.EngineObjects;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** Tracks the DescriptorKind services that wrapper bundles register. */
@Component(service = DescriptorKinds.class)
public final class DescriptorKindRegistry implements DescriptorKinds {
    private final List<DescriptorKind> kinds = new CopyOnWriteArrayList<>();

    public DescriptorKindRegistry() {
        EngineObjects.kinds(this); // the heap image of a transparent checkpoint looks objects up here
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addKind(DescriptorKind kind) {
        kinds.add(kind);
    }

    void removeKind(DescriptorKind kind) {
        kinds.remove(kind);
    }

    @Override
    public List<DescriptorKind> inRestoreOrder() {
        List<DescriptorKind> l = new ArrayList<>(kinds);
        l.sort(Comparator.comparingInt(DescriptorKind::restoreOrder).thenComparing(DescriptorKind::name));
        return l;
    }
}
