package mana.core.desc;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects the engine saves with its descriptors ({@link DescriptorKind#objects}: the buffer
 * attached for buffered sends, a window's memory) and gives back to the lower half itself at a
 * restart. A transparent checkpoint's heap image must refer to these, not copy them: the program
 * holds the same array or buffer as MPI does, and after a restart it must again (MPI_Buffer_detach
 * returns the attached array, a window's puts land in the program's buffer).
 */
public final class EngineObjects {

    /** Where one object is among the descriptors: kind name, descriptor sequence, index in its objects. */
    public record Ref(String kind, long sequence, int index) {
    }

    private static volatile DescriptorKinds kinds;

    private EngineObjects() {
    }

    /** Set by mana.core's registry of descriptor kinds when it starts. */
    public static void kinds(DescriptorKinds k) {
        kinds = k;
    }

    /** Every object the live descriptors hold for the engine, by identity. */
    public static Map<Object, Ref> now() {
        Map<Object, Ref> out = new IdentityHashMap<>();
        DescriptorKinds ks = kinds;
        if (ks == null) {
            return out;
        }
        for (DescriptorKind k : ks.inRestoreOrder()) {
            for (Descriptor d : k.descriptors()) {
                List<Object> objects = k.objects(d);
                for (int i = 0; i < objects.size(); i++) {
                    if (objects.get(i) != null) {
                        out.putIfAbsent(objects.get(i), new Ref(k.name(), d.sequence(), i));
                    }
                }
            }
        }
        return out;
    }

    /** After a restart rebuilt the descriptors: the object {@code r} names, or null if none is there. */
    public static Object find(Ref r) {
        DescriptorKinds ks = kinds;
        if (ks == null) {
            return null;
        }
        for (DescriptorKind k : ks.inRestoreOrder()) {
            if (!k.name().equals(r.kind())) {
                continue;
            }
            for (Descriptor d : k.descriptors()) {
                List<Object> objects = k.objects(d);
                if (d.sequence() == r.sequence() && r.index() >= 0 && r.index() < objects.size()) {
                    return objects.get(r.index());
                }
            }
        }
        return null;
    }
}
