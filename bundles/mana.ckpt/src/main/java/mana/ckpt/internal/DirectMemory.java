package mana.ckpt.internal;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a direct buffer's memory lies: its address and the buffer that allocated the memory
 * (a slice, a duplicate or a typed view of a direct {@code ByteBuffer} keeps that buffer as its
 * attachment). The JDK has no public API for either, so this reads the two fields through
 * {@code sun.misc.Unsafe} (module jdk.unsupported, there for such uses) and says so with
 * {@link #available()} false if it cannot: the caller then saves each buffer on its own.
 */
final class DirectMemory {
    private static final Object UNSAFE;
    private static final java.lang.invoke.MethodHandle GET_LONG;
    private static final java.lang.invoke.MethodHandle GET_OBJECT;
    private static final java.lang.invoke.MethodHandle FIELD_OFFSET;
    private static final long ADDRESS;
    /** The offset of the "att" field of each direct buffer class (declared in each). */
    private static final Map<Class<?>, Long> ATT = new ConcurrentHashMap<>();

    static {
        Object unsafe = null;
        java.lang.invoke.MethodHandle getLong = null;
        java.lang.invoke.MethodHandle getObject = null;
        java.lang.invoke.MethodHandle fieldOffset = null;
        long address = -1;
        try {
            Class<?> c = ClassLoader.getPlatformClassLoader().loadClass("sun.misc.Unsafe");
            Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            unsafe = f.get(null);
            var lookup = java.lang.invoke.MethodHandles.publicLookup();
            getLong = lookup.findVirtual(c, "getLong", java.lang.invoke.MethodType.methodType(long.class, Object.class,
                    long.class)).bindTo(unsafe);
            getObject = lookup.findVirtual(c, "getObject", java.lang.invoke.MethodType.methodType(Object.class,
                    Object.class, long.class)).bindTo(unsafe);
            fieldOffset = lookup.findVirtual(c, "objectFieldOffset", java.lang.invoke.MethodType.methodType(long.class,
                    Field.class)).bindTo(unsafe);
            address = (long) fieldOffset.invoke(Buffer.class.getDeclaredField("address"));
        } catch (Throwable e) {
            unsafe = null; // not this JDK's layout: buffers are saved one by one
        }
        UNSAFE = unsafe;
        GET_LONG = getLong;
        GET_OBJECT = getObject;
        FIELD_OFFSET = fieldOffset;
        ADDRESS = address;
    }

    static boolean available() {
        return UNSAFE != null;
    }

    /** The address of a direct buffer's element 0. */
    static long address(Buffer b) {
        try {
            return (long) GET_LONG.invoke((Object) b, ADDRESS);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot read a direct buffer's address", e);
        }
    }

    /**
     * The direct {@code ByteBuffer} whose memory {@code b} lies in: its attachment when that is
     * one, else {@code b} itself if it is a {@code ByteBuffer}; null when neither (a typed
     * buffer whose memory MANA cannot place).
     */
    static ByteBuffer owner(Buffer b) {
        Object att = attachment(b);
        if (att instanceof ByteBuffer o && o.isDirect()) {
            return o;
        }
        return att == null && b instanceof ByteBuffer bb ? bb : null;
    }

    private static Object attachment(Buffer b) {
        Long offset = ATT.computeIfAbsent(b.getClass(), DirectMemory::attOffset);
        if (offset < 0) {
            return null;
        }
        try {
            return GET_OBJECT.invoke((Object) b, (long) offset);
        } catch (Throwable e) {
            return null;
        }
    }

    private static Long attOffset(Class<?> c) {
        for (Class<?> k = c; k != null && k != Buffer.class; k = k.getSuperclass()) {
            try {
                return (long) FIELD_OFFSET.invoke(k.getDeclaredField("att"));
            } catch (NoSuchFieldException e) {
                // declared higher up
            } catch (Throwable e) {
                return -1L;
            }
        }
        return -1L;
    }

    private DirectMemory() {
    }
}
