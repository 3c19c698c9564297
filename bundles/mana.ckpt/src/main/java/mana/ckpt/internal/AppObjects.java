package mana.ckpt.internal;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What the checkpoint's object stream holds, in one stream so that identity is shared: the
 * application's state, the function object of each user op (by the op's creation sequence),
 * and the buffers of the saved requests (by {@link SavedRequest#bufferIndex()}). A class, not a
 * record (see {@link HandleRef}).
 */
final class AppObjects implements Serializable {
    private static final long serialVersionUID = 2L;
    private final Object appState;
    private final Map<Long, Object> opFunctions;
    private final List<Object> buffers;
    /**
     * The objects of descriptors ({@link mana.core.desc.DescriptorKind#objects}) by
     * {@link #key}; null in a checkpoint written before descriptors had objects.
     */
    private final Map<String, List<Object>> descriptorObjects;

    AppObjects(Object appState, Map<Long, Object> opFunctions, List<Object> buffers,
               Map<String, List<Object>> descriptorObjects) {
        this.appState = appState;
        this.opFunctions = opFunctions;
        this.buffers = buffers;
        this.descriptorObjects = descriptorObjects;
    }

    /** The key of a descriptor's objects: its kind's name and its creation sequence. */
    static String key(String kindName, long sequence) {
        return kindName + ":" + sequence;
    }

    /** The objects saved for a descriptor, or null. */
    List<Object> descriptorObjects(String kindName, long sequence) {
        return descriptorObjects == null ? null : descriptorObjects.get(key(kindName, sequence));
    }

    /** The same objects with another application state (a transparent checkpoint's heap image). */
    AppObjects withAppState(Object state) {
        return new AppObjects(state, opFunctions, buffers, descriptorObjects);
    }

    Object appState() {
        return appState;
    }

    Map<Long, Object> opFunctions() {
        return opFunctions;
    }

    List<Object> buffers() {
        return buffers;
    }
}
