package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.util.Map;
import java.util.WeakHashMap;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * Support of the communicator classes: attribute values (serialized here, as the raw binding
 * does, so application classes never need the lower half's class loader), and the completed
 * request of iDup.
 */
final class ManaComms {
    /** Class loaders of attribute values stored so far (weak: an application bundle may go). */
    private static final Map<ClassLoader, Boolean> LOADERS = new WeakHashMap<>();

    static boolean predefinedKeyval(int keyval) {
        return keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.APPNUM
                || keyval == MPI.LASTUSEDCODE || keyval == MPI.UNIVERSE_SIZE || keyval == MPI.WTIME_IS_GLOBAL;
    }

    static byte[] serialize(Object value) throws MPIException {
        try {
            ByteArrayOutputStream baos = new ByteArrayOutputStream();
            ObjectOutputStream os = new ObjectOutputStream(baos) {
                {
                    enableReplaceObject(true);
                }

                @Override
                protected Object replaceObject(Object obj) {
                    remember(obj.getClass().getClassLoader());
                    return obj;
                }
            };
            os.writeObject(value);
            os.close();
            return baos.toByteArray();
        } catch (IOException ex) {
            MPIException x = new MPIException(ex);
            x.setStackTrace(ex.getStackTrace());
            throw x;
        }
    }

    static Object deserialize(byte[] value) throws MPIException {
        if (value == null) {
            return null;
        }
        try (ObjectInputStream is = new LoaderInputStream(new ByteArrayInputStream(value))) {
            return is.readObject();
        } catch (ClassNotFoundException | IOException ex) {
            throw new MPIException(ex);
        }
    }

    private static void remember(ClassLoader l) {
        if (l != null) {
            synchronized (LOADERS) {
                LOADERS.put(l, Boolean.TRUE);
            }
        }
    }

    /** Resolves classes with the loaders of the stored values, then the context loader, then the default. */
    private static final class LoaderInputStream extends ObjectInputStream {
        LoaderInputStream(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader[] loaders;
            synchronized (LOADERS) {
                loaders = LOADERS.keySet().toArray(ClassLoader[]::new);
            }
            for (ClassLoader l : loaders) {
                try {
                    return Class.forName(desc.getName(), false, l);
                } catch (ClassNotFoundException e) {
                    // next
                }
            }
            ClassLoader tccl = Thread.currentThread().getContextClassLoader();
            if (tccl != null) {
                try {
                    return Class.forName(desc.getName(), false, tccl);
                } catch (ClassNotFoundException e) {
                    // fall through
                }
            }
            return super.resolveClass(desc);
        }
    }

    /** The request of an iDup, which MANA completes before returning (the gid is agreed on it). */
    static Request completedRequest() {
        return new Request(Predefined.handle(Kind.REQUEST, "REQUEST_NULL"));
    }

    private ManaComms() {
    }
}
