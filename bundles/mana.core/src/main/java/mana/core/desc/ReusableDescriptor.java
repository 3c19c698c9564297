package mana.core.desc;

/**
 * A descriptor that its handle-table slot keeps after the handle is freed, so that the slot's
 * next handle of the same sort reuses it: the request log allocates nothing per request
 * ({@link RequestDescriptor#log}). The table calls {@link #retire()} inside the free, before
 * the slot can be taken again, so no other thread sees it half reset.
 */
public interface ReusableDescriptor extends Descriptor {
    /** The handle was freed: drop what it kept reachable or retained (buffers, datatypes). */
    void retire();
}
