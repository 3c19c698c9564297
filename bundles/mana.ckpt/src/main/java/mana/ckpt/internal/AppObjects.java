package mana.ckpt.internal;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What the checkpoint's object stream holds, in one stream so that identity is shared: the
 * application's state, the function object of each user op (by the op's creation sequence),
 * and the buffers of the saved requests (by {@link SavedRequest#bufferIndex()}).
 */
record AppObjects(Object appState, Map<Long, Object> opFunctions, List<Object> buffers) implements Serializable {
    private static final long serialVersionUID = 1L;
}
