package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Arrays of primitives written in bulk, 64 KiB at a time through a little-endian byte view: a
 * copy the JDK makes in native code. Kryo's own serializers write element by element, which a
 * rank's JIT compiles late (a checkpoint runs once): 9 s for 220 MiB of double[] and long[] per
 * rank on the 2-core machine, where the write to disk took 3 s.
 */
final class PrimitiveArrays {

    private static final int CHUNK = 1 << 16;

    private PrimitiveArrays() {
    }

    static void register(Kryo kryo) {
        kryo.register(double[].class, new Bulk<double[]>(8, a -> a.length,
                (b, a, off, n) -> b.asDoubleBuffer().put(a, off, n), (b, a, off, n) -> b.asDoubleBuffer().get(a, off, n), double[]::new));
        kryo.register(long[].class, new Bulk<long[]>(8, a -> a.length,
                (b, a, off, n) -> b.asLongBuffer().put(a, off, n), (b, a, off, n) -> b.asLongBuffer().get(a, off, n), long[]::new));
        kryo.register(int[].class, new Bulk<int[]>(4, a -> a.length,
                (b, a, off, n) -> b.asIntBuffer().put(a, off, n), (b, a, off, n) -> b.asIntBuffer().get(a, off, n), int[]::new));
        kryo.register(float[].class, new Bulk<float[]>(4, a -> a.length,
                (b, a, off, n) -> b.asFloatBuffer().put(a, off, n), (b, a, off, n) -> b.asFloatBuffer().get(a, off, n), float[]::new));
        kryo.register(short[].class, new Bulk<short[]>(2, a -> a.length,
                (b, a, off, n) -> b.asShortBuffer().put(a, off, n), (b, a, off, n) -> b.asShortBuffer().get(a, off, n), short[]::new));
        kryo.register(char[].class, new Bulk<char[]>(2, a -> a.length,
                (b, a, off, n) -> b.asCharBuffer().put(a, off, n), (b, a, off, n) -> b.asCharBuffer().get(a, off, n), char[]::new));
    }

    interface Copy<A> {
        void copy(ByteBuffer b, A array, int off, int n);
    }

    static final class Bulk<A> extends Serializer<A> {
        private final int size;
        private final java.util.function.ToIntFunction<A> length;
        private final Copy<A> put;
        private final Copy<A> get;
        private final java.util.function.IntFunction<A> make;
        private final byte[] chunk = new byte[CHUNK];

        Bulk(int size, java.util.function.ToIntFunction<A> length, Copy<A> put, Copy<A> get, java.util.function.IntFunction<A> make) {
            this.size = size;
            this.length = length;
            this.put = put;
            this.get = get;
            this.make = make;
        }

        @Override
        public void write(Kryo kryo, Output out, A a) {
            int len = length.applyAsInt(a);
            out.writeVarInt(len, true);
            if (out instanceof ImageOutput io) {
                // straight into the output's buffer: one copy less per byte of a (GiB) image
                for (int off = 0; off < len; ) {
                    int n = Math.min(io.room(size) / size, len - off);
                    put.copy(ByteBuffer.wrap(io.getBuffer(), io.position(), n * size).order(ByteOrder.LITTLE_ENDIAN), a, off, n);
                    io.setPosition(io.position() + n * size);
                    off += n;
                }
                return;
            }
            ByteBuffer b = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
            for (int off = 0; off < len; ) {
                int n = Math.min(CHUNK / size, len - off);
                put.copy(b, a, off, n);
                out.writeBytes(chunk, 0, n * size);
                off += n;
            }
        }

        @Override
        public A read(Kryo kryo, Input in, Class<? extends A> type) {
            int len = in.readVarInt(true);
            A a = make.apply(len);
            ByteBuffer b = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN);
            for (int off = 0; off < len; ) {
                int n = Math.min(CHUNK / size, len - off);
                in.readBytes(chunk, 0, n * size);
                get.copy(b, a, off, n);
                off += n;
            }
            return a;
        }

        @Override
        public A copy(Kryo kryo, A original) {
            throw new UnsupportedOperationException();
        }
    }
}
