package mana.core.desc;

import java.util.List;

/** The registered descriptor kinds, as a service of mana.core. */
public interface DescriptorKinds {
    /** Every registered kind, in restore order. */
    List<DescriptorKind> inRestoreOrder();
}
