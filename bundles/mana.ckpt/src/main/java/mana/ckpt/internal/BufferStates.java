package mana.ckpt.internal;

import java.nio.Buffer;

/** The bridge from {@link mana.ckpt.state.BufferState} to the package-private buffer records. */
public final class BufferStates {
    private BufferStates() {
    }

    public static Object newMemories() {
        return new BufferRef.Memories();
    }

    public static Object save(Buffer b, Object memories) {
        return BufferRef.of(b, (BufferRef.Memories) memories);
    }

    public static Buffer restore(Object saved) {
        return ((BufferRef) saved).toBuffer();
    }

    public static java.nio.ByteBuffer owner(Buffer b) {
        return b.isDirect() && DirectMemory.available() ? DirectMemory.owner(b) : null;
    }

    public static Object saveInOwner(Buffer b) {
        return BufferRef.inOwner(b);
    }

    public static Buffer restoreIn(Object saved, java.nio.ByteBuffer memory) {
        return ((BufferRef) saved).toBufferIn(memory);
    }

    public static Class<?>[] recordClasses() {
        return new Class<?>[] {BufferRef.class, MemoryRef.class};
    }
}
