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
    private final byte[] content;

    /** A class, not a record (see {@link HandleRef}). */
    BufferRef(char type, boolean direct, boolean bigEndian, int capacity, int position, int limit, byte[] content) {
        this.type = type;
        this.direct = direct;
        this.bigEndian = bigEndian;
        this.capacity = capacity;
        this.position = position;
        this.limit = limit;
        this.content = content;
    }

    static BufferRef of(Buffer b) {
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
        ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        ByteBuffer bytes = (direct ? ByteBuffer.allocateDirect(content.length) : ByteBuffer.allocate(content.length)).order(order);
        bytes.put(content).clear();
        Buffer b = switch (type) {
            case 'B' -> bytes;
            case 'C' -> bytes.asCharBuffer();
            case 'S' -> bytes.asShortBuffer();
            case 'I' -> bytes.asIntBuffer();
            case 'J' -> bytes.asLongBuffer();
            case 'F' -> bytes.asFloatBuffer();
            case 'D' -> bytes.asDoubleBuffer();
            default -> throw new IllegalArgumentException("unknown buffer type " + type);
        };
        if (b.capacity() != capacity) {
            throw new IllegalArgumentException("buffer record of capacity " + capacity + " holds " + content.length + " bytes");
        }
        return b.limit(limit).position(position);
    }
}
