package mana.ckpt.internal;

import java.io.Serializable;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * A java.nio buffer in the saved state (buffers are not Serializable, and non-blocking MPI calls
 * need direct ones): its element type, whether it is direct, its byte order, capacity, position,
 * limit and content. The object stream writes one record per buffer object, so a buffer shared
 * by the application's state and a pending receive comes back as one buffer.
 */
final class BufferRef implements Serializable {
    private static final long serialVersionUID = 2L;
    private final char type;
    private final boolean direct;
    private final boolean bigEndian;
    private final int capacity;
    private final int position;
    private final int limit;
    /** The buffer's own content; null when it lies in {@link #memory} or {@link #array}. */
    private final byte[] content;
    /**
     * For a direct buffer: the memory it lies in, shared with the other buffers of the state
     * that lie there (null in checkpoints written before buffers shared memory, and when the
     * memory could not be placed).
     */
    private final MemoryRef memory;
    /** Byte offset of element 0 in {@link #memory}, or element offset in {@link #array}. */
    private final int offset;
    /**
     * For a heap buffer backed by an array: that array itself, so that the buffer and an array
     * of the state that is its backing array stay one after a restart (null otherwise).
     */
    private final Object array;

    /** A class, not a record (see {@link HandleRef}). */
    BufferRef(char type, boolean direct, boolean bigEndian, int capacity, int position, int limit, byte[] content) {
        this(type, direct, bigEndian, capacity, position, limit, content, null, 0, null);
    }

    private BufferRef(char type, boolean direct, boolean bigEndian, int capacity, int position, int limit,
                      byte[] content, MemoryRef memory, int offset, Object array) {
        this.type = type;
        this.direct = direct;
        this.bigEndian = bigEndian;
        this.capacity = capacity;
        this.position = position;
        this.limit = limit;
        this.content = content;
        this.memory = memory;
        this.offset = offset;
        this.array = array;
    }

    /** The memory records of one checkpoint's stream, by the buffer that owns the memory. */
    static final class Memories {
        private final java.util.IdentityHashMap<ByteBuffer, MemoryRef> byOwner = new java.util.IdentityHashMap<>();

        MemoryRef of(ByteBuffer owner) {
            return byOwner.computeIfAbsent(owner, MemoryRef::of);
        }
    }

    /**
     * {@link #of(Buffer)}, but a direct buffer is saved as a view of the memory it lies in
     * (one {@link MemoryRef} per memory in {@code memories}), and a heap buffer backed by an
     * array as a view of that array, so that shared memory stays shared.
     */
    static BufferRef of(Buffer b, Memories memories) {
        BufferRef own = of(b, false);
        if (b.isDirect() && memories != null && DirectMemory.available()) {
            ByteBuffer owner = DirectMemory.owner(b);
            if (owner != null) {
                long off = DirectMemory.address(b) - DirectMemory.address(owner);
                long bytes = (long) b.capacity() * elementSize(own.type);
                if (off >= 0 && off + bytes <= owner.capacity()) {
                    return new BufferRef(own.type, true, own.bigEndian, own.capacity, own.position, own.limit, null,
                            memories.of(owner), (int) off, null);
                }
            }
        } else if (!b.isDirect() && b.hasArray()) {
            return new BufferRef(own.type, false, own.bigEndian, own.capacity, own.position, own.limit, null, null,
                    b.arrayOffset(), b.array());
        }
        return of(b);
    }

    /**
     * {@code b} as a view of the direct memory it lies in, without content (the memory is saved
     * elsewhere: {@link #toBufferIn} makes the view of a given memory); null when {@code b} is not
     * direct or its memory cannot be placed.
     */
    static BufferRef inOwner(Buffer b) {
        ByteBuffer owner = b.isDirect() && DirectMemory.available() ? DirectMemory.owner(b) : null;
        if (owner == null) {
            return null;
        }
        BufferRef own = of(b, false);
        long off = DirectMemory.address(b) - DirectMemory.address(owner);
        long bytes = (long) b.capacity() * elementSize(own.type);
        if (off < 0 || off + bytes > owner.capacity()) {
            return null;
        }
        return new BufferRef(own.type, true, own.bigEndian, own.capacity, own.position, own.limit, null, null, (int) off, null);
    }

    /** The view {@link #inOwner} described, in {@code memory} (the restored memory it lay in). */
    Buffer toBufferIn(ByteBuffer memory) {
        return view(memory, memory.capacity());
    }

    private static int elementSize(char type) {
        return switch (type) {
            case 'B' -> 1;
            case 'C', 'S' -> 2;
            case 'I', 'F' -> 4;
            default -> 8;
        };
    }

    static BufferRef of(Buffer b) {
        return of(b, true);
    }

    private static BufferRef of(Buffer b, boolean withContent) {
        ByteOrder order;
        char type;
        int elem;
        if (b instanceof ByteBuffer x) {
            type = 'B';
            elem = 1;
            order = x.order();
        } else if (b instanceof CharBuffer x) {
            type = 'C';
            elem = 2;
            order = x.order();
        } else if (b instanceof ShortBuffer x) {
            type = 'S';
            elem = 2;
            order = x.order();
        } else if (b instanceof IntBuffer x) {
            type = 'I';
            elem = 4;
            order = x.order();
        } else if (b instanceof LongBuffer x) {
            type = 'J';
            elem = 8;
            order = x.order();
        } else if (b instanceof FloatBuffer x) {
            type = 'F';
            elem = 4;
            order = x.order();
        } else if (b instanceof DoubleBuffer x) {
            type = 'D';
            elem = 8;
            order = x.order();
        } else {
            throw new IllegalArgumentException("unknown buffer class " + b.getClass().getName());
        }
        if (!withContent) {
            return new BufferRef(type, b.isDirect(), order == ByteOrder.BIG_ENDIAN, b.capacity(), b.position(),
                    b.limit(), null);
        }
        ByteBuffer bytes = ByteBuffer.allocate(b.capacity() * elem).order(order);
        Buffer all = b.duplicate().clear();
        switch (type) {
            case 'B' -> bytes.put((ByteBuffer) all);
            case 'C' -> bytes.asCharBuffer().put((CharBuffer) all);
            case 'S' -> bytes.asShortBuffer().put((ShortBuffer) all);
            case 'I' -> bytes.asIntBuffer().put((IntBuffer) all);
            case 'J' -> bytes.asLongBuffer().put((LongBuffer) all);
            case 'F' -> bytes.asFloatBuffer().put((FloatBuffer) all);
            default -> bytes.asDoubleBuffer().put((DoubleBuffer) all);
        }
        return new BufferRef(type, b.isDirect(), order == ByteOrder.BIG_ENDIAN, b.capacity(), b.position(), b.limit(),
                bytes.array());
    }

    Buffer toBuffer() {
        if (memory != null) {
            return inMemory();
        }
        if (array != null) {
            return inArray();
        }
        ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        ByteBuffer bytes = (direct ? ByteBuffer.allocateDirect(content.length) : ByteBuffer.allocate(content.length)).order(order);
        bytes.put(content).clear();
        Buffer b = typed(bytes);
        if (b.capacity() != capacity) {
            throw new IllegalArgumentException("buffer record of capacity " + capacity + " holds " + content.length + " bytes");
        }
        return b.limit(limit).position(position);
    }

    /** A view of the restored memory at this buffer's offset. */
    private Buffer inMemory() {
        return view(memory.memory(), memory.size());
    }

    private Buffer view(ByteBuffer mem, int size) {
        long bytes = (long) capacity * elementSize(type);
        if (offset < 0 || capacity < 0 || offset + bytes > size) {
            throw new IllegalArgumentException("buffer of " + bytes + " bytes at offset " + offset
                    + " does not lie in its saved memory of " + size + " bytes");
        }
        ByteBuffer region = mem.duplicate().clear().position(offset).limit(offset + (int) bytes).slice()
                .order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        return typed(region).limit(limit).position(position);
    }

    /** {@code bytes} as a buffer of this record's element type (the view shares its memory and order). */
    private Buffer typed(ByteBuffer bytes) {
        return switch (type) {
            case 'B' -> bytes;
            case 'C' -> bytes.asCharBuffer();
            case 'S' -> bytes.asShortBuffer();
            case 'I' -> bytes.asIntBuffer();
            case 'J' -> bytes.asLongBuffer();
            case 'F' -> bytes.asFloatBuffer();
            case 'D' -> bytes.asDoubleBuffer();
            default -> throw new IllegalArgumentException("unknown buffer type " + type);
        };
    }

    /** A buffer over the restored backing array, at this buffer's offset. */
    private Buffer inArray() {
        Buffer b = switch (type) {
            case 'B' -> ByteBuffer.wrap((byte[]) array, offset, capacity).slice()
                    .order(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            case 'C' -> CharBuffer.wrap((char[]) array, offset, capacity).slice();
            case 'S' -> ShortBuffer.wrap((short[]) array, offset, capacity).slice();
            case 'I' -> IntBuffer.wrap((int[]) array, offset, capacity).slice();
            case 'J' -> LongBuffer.wrap((long[]) array, offset, capacity).slice();
            case 'F' -> FloatBuffer.wrap((float[]) array, offset, capacity).slice();
            case 'D' -> DoubleBuffer.wrap((double[]) array, offset, capacity).slice();
            default -> throw new IllegalArgumentException("unknown buffer type " + type);
        };
        return b.limit(limit).position(position);
    }
}
