package mana.core.desc;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import mana.core.error.ManaException;

/**
 * One kind of MPI object that a checkpoint saves and a restart rebuilds, registered as an
 * OSGi service by the wrapper bundle that owns the kind. The checkpoint engine enumerates
 * every registered kind; nothing hard-codes the list.
 */
public interface DescriptorKind {
    int ORDER_COMM = 100;
    int ORDER_GROUP = 200;
    int ORDER_DATATYPE = 300;
    int ORDER_OP = 400;
    int ORDER_FILE = 600;
    int ORDER_REQUEST = 700;

    /** The {@link mana.core.vid.Kind} value. */
    int kind();

    String name();

    /** Kinds are rebuilt in ascending order: communicators, groups, datatypes, ops, then files. */
    int restoreOrder();

    /** The descriptors a checkpoint must save now (live objects and freed ones still needed). */
    List<? extends Descriptor> descriptors();

    void save(Descriptor descriptor, DataOutput out) throws IOException;

    Descriptor load(DataInput in) throws IOException;

    /** Makes the object again in a fresh lower half; returns the new lower-half object. */
    Object rebuild(Descriptor descriptor) throws ManaException;

    /**
     * Why a restart could not make this object again, or null if it can. The checkpoint engine
     * asks at the cut, so an unsupported object fails the checkpoint (with this reason), never
     * the restart.
     */
    default String unsupportedReason(Descriptor descriptor) {
        return null;
    }

    /**
     * Called by the checkpoint engine at the cut (gate closed, every rank at the cut) before
     * {@link #descriptors()} is saved: refresh what only the lower half knows, e.g. a file's
     * individual and shared pointers and its size.
     */
    default void beforeCheckpoint() throws ManaException {
    }

    /**
     * Called by the checkpoint engine once every rank has agreed to take the checkpoint (the
     * gate is closed on every rank), before the drain: finish what is in flight on the objects
     * of this kind, with collective calls over their members where needed. Every rank calls
     * it for every kind in restore order, so collectives of one kind meet. Windows complete
     * their outstanding one-sided operations here.
     */
    default void atCut() throws ManaException {
    }

    /**
     * The objects a descriptor needs back at a restart (a window's memory). They go into the
     * checkpoint's object stream with the application's state, so an object both hold comes
     * back as one object (the buffer the application reads is the memory the window exposes).
     */
    default List<Object> objects(Descriptor descriptor) {
        return List.of();
    }

    /** Gives a loaded descriptor the objects {@link #objects} saved for it, before {@link #rebuild}. */
    default void bindObjects(Descriptor descriptor, List<Object> objects) {
    }
}
