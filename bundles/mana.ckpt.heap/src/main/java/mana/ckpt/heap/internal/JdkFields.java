package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.KryoException;
import java.lang.reflect.Field;

/**
 * Private fields of JDK classes that saving the heap needs: a file stream's path and descriptor
 * (java.io, sun.nio.ch), a work queue's fairness (java.util.concurrent), the main thread's
 * ThreadLocal values (java.lang). A transparent rank JVM opens those packages to MANA
 * ({@code --add-opens}, given by {@code mana run --transparent}); without it the heap is refused.
 */
final class JdkFields {

    /** What mana run --transparent passes to the rank JVM (launcher RunCommand keeps the same list). */
    static final String OPENS_HINT = "the rank JVM needs --add-opens java.base/java.io=ALL-UNNAMED (and sun.nio.ch, sun.nio.cs, java.util.concurrent, java.lang),"
            + " which mana run --transparent gives";

    private JdkFields() {
    }

    static Object get(Object o, Class<?> c, String name) {
        try {
            return field(c, name).get(o);
        } catch (IllegalAccessException e) {
            throw closed(c, e);
        }
    }

    static void set(Object o, Class<?> c, String name, Object value) {
        try {
            field(c, name).set(o, value);
        } catch (IllegalAccessException e) {
            throw closed(c, e);
        }
    }

    /** The descriptor number of {@code fd} (-1 once closed). */
    static int fdNumber(java.io.FileDescriptor fd) {
        return (Integer) get(fd, java.io.FileDescriptor.class, "fd");
    }

    private static Field field(Class<?> c, String name) {
        try {
            Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (NoSuchFieldException e) {
            throw new KryoException(HeapKryo.REFUSED + "this JDK's " + c.getName() + " has no field " + name
                    + " (a JDK MANA does not know)");
        } catch (RuntimeException e) { // InaccessibleObjectException
            throw closed(c, e);
        }
    }

    private static KryoException closed(Class<?> c, Exception e) {
        return new KryoException(HeapKryo.REFUSED + "an object of " + c.getName() + " whose fields are closed to the checkpoint: "
                + OPENS_HINT);
    }
}
