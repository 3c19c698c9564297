package mana.ckpt.internal;

import java.io.Serializable;
import java.nio.ByteBuffer;

/**
 * The memory of a direct {@code ByteBuffer} that buffers of the state lie in (the buffer itself,
 * its slices, duplicates and typed views): saved once, made once at a restart, and every
 * {@link BufferRef} that names it becomes a view of that one memory again, so buffers that
 * shared memory before the checkpoint share it after the restart. A class, not a record (see
 * {@link HandleRef}).
 */
final class MemoryRef implements Serializable {
    private static final long serialVersionUID = 1L;
    private final byte[] content;
    /** The memory made at a restart, once for every buffer that names this record. */
    private transient ByteBuffer made;

    MemoryRef(byte[] content) {
        this.content = content;
    }

    /** A copy of all of {@code owner}'s memory, whatever its position and limit. */
    static MemoryRef of(ByteBuffer owner) {
        byte[] b = new byte[owner.capacity()];
        owner.duplicate().clear().get(b);
        return new MemoryRef(b);
    }

    int size() {
        return content.length;
    }

    /** The direct memory made from this record (the same one for every call). */
    synchronized ByteBuffer memory() {
        if (made == null) {
            made = ByteBuffer.allocateDirect(content.length);
            made.put(content).clear();
        }
        return made;
    }
}
