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

    AppObjects(Object appState, Map<Long, Object> opFunctions, List<Object> buffers) {
        this.appState = appState;
        this.opFunctions = opFunctions;
        this.buffers = buffers;
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
