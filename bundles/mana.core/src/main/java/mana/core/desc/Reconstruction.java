package mana.core.desc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The order in which a restart makes objects again: by kind (the kinds' restore order),
 * then by creation sequence, never by slot. Every rank computes the same order, which
 * collective constructors need.
 */
public final class Reconstruction {

    public static List<Descriptor> order(List<? extends Descriptor> descriptors, Map<Integer, Integer> restoreOrderByKind) {
        List<Descriptor> l = new ArrayList<>(descriptors);
        l.sort(Comparator.<Descriptor>comparingInt(d -> restoreOrderByKind.getOrDefault(d.kind(), Integer.MAX_VALUE))
                .thenComparingLong(Descriptor::sequence));
        return l;
    }

    private Reconstruction() {
    }
}
