package mana.wrappers.env;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import mana.core.error.ManaException;
import mana.core.vid.Constants;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Translation between MANA handles and the lower half's objects, and lower-half errors. */
final class Lower {
    private static final Field STATUS_DATA;
    private static final Constructor<Status> STATUS_NEW;

    static {
        try {
            STATUS_DATA = Status.class.getDeclaredField("data");
            STATUS_DATA.setAccessible(true);
            STATUS_NEW = Status.class.getDeclaredConstructor();
            STATUS_NEW.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Fills the constants table from the lower half's predefined objects. */
    static void fillConstants() {
        for (int kind = 0; kind < Kind.LIMIT; kind++) {
            var names = Predefined.names(kind);
            for (int i = 0; i < names.size(); i++) {
                Constants.set(Vid.predefined(kind, i), staticField(MPI.class, names.get(i)));
            }
        }
    }

    static Object staticField(Class<?> c, String name) {
        try {
            return c.getField(name).get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the lower half has no field " + c.getName() + "." + name, e);
        }
    }

    static Comm comm(int vid) throws ManaException {
        return (Comm) Constants.get(vid, Kind.COMM);
    }

    static Datatype type(int vid) throws ManaException {
        return (Datatype) Constants.get(vid, Kind.DATATYPE);
    }

    static ManaException error(MPIException e) {
        return new ManaException(e.getErrorCode(), e.getErrorClass(), e.getMessage(), e);
    }

    static long[] statusData(Status s) {
        try {
            return ((long[]) STATUS_DATA.get(s)).clone();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static Status status(long[] data) {
        try {
            Status s = STATUS_NEW.newInstance();
            long[] d = (long[]) STATUS_DATA.get(s);
            System.arraycopy(data, 0, d, 0, Math.min(d.length, data.length));
            return s;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private Lower() {
    }
}
