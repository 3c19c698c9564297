package mana.ckpt.state;

import java.nio.Buffer;
import mana.ckpt.internal.BufferStates;

/**
 * How a checkpoint saves {@code java.nio} buffers, for other savers of application state (the
 * heap of a transparent checkpoint): a buffer becomes a record with its kind, order, position,
 * limit and content; the direct memory several buffers lie in is saved once, so they share it
 * again after a restart; a heap buffer keeps its backing array (the saver keeps object identity).
 * The records are plain objects whose classes are {@link #recordClasses()}.
 */
public final class BufferState {

    /** The memories seen so far in one saved state: one per state, for shared direct memory. */
    public static final class Memories {
        final Object impl = BufferStates.newMemories();
    }

    private BufferState() {
    }

    /** The record of {@code b} (save it, with the rest of the state, by fields). */
    public static Object save(Buffer b, Memories memories) {
        return BufferStates.save(b, memories.impl);
    }

    /** The buffer a saved record describes (a record read twice gives the same memory). */
    public static Buffer restore(Object record) {
        return BufferStates.restore(record);
    }

    /**
     * The direct {@code ByteBuffer} whose memory {@code b} lies in (b itself, or the buffer it is
     * a slice, duplicate or typed view of), or null when b is not direct or cannot be placed.
     */
    public static java.nio.ByteBuffer owner(Buffer b) {
        return BufferStates.owner(b);
    }

    /**
     * The record of {@code b} as a view of its {@link #owner} at its offset there, without any
     * content: {@link #restoreIn} makes the same view of another memory (one restored elsewhere,
     * e.g. a pending receive's). Null when b has no owner.
     */
    public static Object saveInOwner(Buffer b) {
        return BufferStates.saveInOwner(b);
    }

    /** The view a {@link #saveInOwner} record describes, in {@code memory}. */
    public static Buffer restoreIn(Object record, java.nio.ByteBuffer memory) {
        return BufferStates.restoreIn(record, memory);
    }

    /** The classes of the records (for a serializer's registration). */
    public static Class<?>[] recordClasses() {
        return BufferStates.recordClasses();
    }
}
