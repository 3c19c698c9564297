package mpi;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import mana.core.vid.Vid;

/**
 * The upper half's side of the handle-object SPI (mana.core.vid.HandleObjects): which objects
 * are handle objects and what handle they hold, and how to make one again for a handle, so the
 * checkpoint engine can save application state holding Comm, Datatype, Request, ... objects
 * without naming this package. A predefined handle comes back as the MPI constant itself.
 */
final class ManaHandleObjects implements HandleObjects {
    /** "class name/vid" of each MPI constant, to give back the constant itself. */
    private static final Map<String, Object> PREDEFINED = new ConcurrentHashMap<>();

    static void install() {
        HandleObjects.install(new ManaHandleObjects());
    }

    @Override
    public long vidOf(Object o) {
        if (o instanceof Comm c) {
            return c.vid & 0xFFFFFFFFL;
        } else if (o instanceof Datatype t) {
            return t.vid & 0xFFFFFFFFL;
        } else if (o instanceof Group g) {
            return g.vid & 0xFFFFFFFFL;
        } else if (o instanceof Op p) {
            return p.vid & 0xFFFFFFFFL;
        } else if (o instanceof Request r) {
            return r.vid & 0xFFFFFFFFL;
        } else if (o instanceof Message m) {
            return m.vid & 0xFFFFFFFFL;
        } else if (o instanceof Errhandler e) {
            return e.vid & 0xFFFFFFFFL;
        } else if (o instanceof Info i) {
            return i.vid & 0xFFFFFFFFL;
        } else if (o instanceof File f) {
            return f.vid & 0xFFFFFFFFL;
        } else if (o instanceof Win w) {
            return w.vid & 0xFFFFFFFFL;
        }
        return NOT_A_HANDLE;
    }

    @Override
    public Object objectFor(int vid, String className) {
        Class<?> c;
        try {
            c = Class.forName(className, false, ManaHandleObjects.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("no upper-half class " + className, e);
        }
        if (c.getClassLoader() != ManaHandleObjects.class.getClassLoader() || !c.getPackageName().equals("mpi")) {
            throw new IllegalArgumentException(className + " is not an upper-half handle class");
        }
        if (vid != Vid.NULL && Vid.isPredefined(vid)) {
            Object constant = predefined(c, vid);
            if (constant != null) {
                return constant;
            }
        }
        if (c == Datatype.class) {
            return Datatype.restored(vid);
        }
        if (c == File.class) {
            return File.restored(vid);
        }
        if (c == Op.class) {
            return Op.ofHandle(vid); // its int constructor takes Open MPI's op code
        }
        if (c == Message.class) {
            Message m = new Message();
            m.vid = vid;
            return m;
        }
        try {
            Constructor<?> k = c.getDeclaredConstructor(int.class);
            return k.newInstance(vid);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException(className + " has no handle constructor", e);
        }
    }

    private Object predefined(Class<?> c, int vid) {
        if (PREDEFINED.isEmpty()) {
            for (Field f : MPI.class.getFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    try {
                        Object v = f.get(null);
                        long h = v == null ? NOT_A_HANDLE : vidOf(v);
                        if (h != NOT_A_HANDLE) {
                            PREDEFINED.putIfAbsent(v.getClass().getName() + "/" + (int) h, v);
                        }
                    } catch (IllegalAccessException e) {
                        // not a constant we can read
                    }
                }
            }
        }
        return PREDEFINED.get(c.getName() + "/" + vid);
    }

    @Override
    public TypeProvider.UserOp userOp(Object function) {
        return new ManaUserOp((UserFunction) function);
    }
}
