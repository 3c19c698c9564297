package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * {@code ThreadLocal}s the heap reaches ({@code static final ThreadLocal<byte[]> SCRATCH = new
 * ThreadLocal<>()}), saved with their value on the main thread, the thread that is checkpointed
 * (the thread that made the {@link HeapKryo}). The image is walked while the checkpoint engine
 * writes it, on the engine's thread, so main's value is read from main's own map (a private
 * field of {@code Thread} and method of {@code ThreadLocalMap}: the rank JVM opens java.lang
 * to MANA); the restart reads the image on a thread of its own too, and {@code set}s the values
 * on the new main once it is read ({@link HeapKryo#applyThreadLocals}). Other threads'
 * values are not saved (their threads are not). Only {@code java.lang.ThreadLocal} and {@code
 * InheritableThreadLocal} themselves: a subclass ({@code initialValue} overridden, {@code
 * withInitial}) is refused, naming it (its fields and its supplier are closed or a lambda), as
 * every ThreadLocal was before (java.lang's fields are closed to MANA).
 */
final class MainThreadLocals {

    private MainThreadLocals() {
    }

    /** The serializer for {@code type}, or null when it is not a ThreadLocal. */
    static Serializer<?> forType(Class<?> type) {
        if (type == ThreadLocal.class || type == InheritableThreadLocal.class) {
            return new WithMainValue();
        }
        if (ThreadLocal.class.isAssignableFrom(type)) {
            return new HeapKryo.Refusing("a ThreadLocal of class " + type.getName() + ": only java.lang.ThreadLocal and"
                    + " InheritableThreadLocal themselves are saved (with the main thread's value), not a subclass or withInitial's");
        }
        return null;
    }

    /** {@code t}'s value on {@code owner} (null when it has none: nothing is initialized). */
    static Object valueOn(Thread owner, ThreadLocal<?> t) {
        if (owner == Thread.currentThread()) {
            return t.get(); // the base class: null when unset, and no initial value runs
        }
        String mapField = t instanceof InheritableThreadLocal ? "inheritableThreadLocals" : "threadLocals";
        Object map = JdkFields.get(owner, Thread.class, mapField);
        if (map == null) {
            return null;
        }
        try {
            java.lang.reflect.Method getEntry = map.getClass().getDeclaredMethod("getEntry", ThreadLocal.class);
            getEntry.setAccessible(true);
            Object entry = getEntry.invoke(map, t);
            return entry == null ? null : JdkFields.get(entry, entry.getClass(), "value");
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new com.esotericsoftware.kryo.KryoException(HeapKryo.REFUSED + "the main thread's value of a ThreadLocal cannot be"
                    + " read (" + e + "): " + JdkFields.OPENS_HINT);
        }
    }

    static final class WithMainValue extends Serializer<ThreadLocal<Object>> {
        @Override
        public void write(Kryo kryo, Output output, ThreadLocal<Object> t) {
            kryo.writeClassAndObject(output, valueOn(((HeapKryo) kryo).owner(), t));
        }

        @Override
        public ThreadLocal<Object> read(Kryo kryo, Input input, Class<? extends ThreadLocal<Object>> type) {
            ThreadLocal<Object> t = (Class<?>) type == InheritableThreadLocal.class ? new InheritableThreadLocal<>() : new ThreadLocal<>();
            kryo.reference(t);
            Object value = kryo.readClassAndObject(input);
            if (value != null) {
                ((HeapKryo) kryo).threadLocalRead(t, value);
            }
            return t;
        }
    }
}
