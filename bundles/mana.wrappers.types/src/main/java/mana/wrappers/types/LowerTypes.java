package mana.wrappers.types;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mpi.Datatype;
import mpi.MPIException;

/** Lower-half details of datatypes that the Java API keeps protected, and the way back from a lower datatype to its handle. */
final class LowerTypes {
    private static final Field BASE_TYPE;
    private static final Field BASE_SIZE;
    private static final Constructor<MPIException> EXCEPTION;

    static {
        try {
            BASE_TYPE = Datatype.class.getDeclaredField("baseType");
            BASE_TYPE.setAccessible(true);
            BASE_SIZE = Datatype.class.getDeclaredField("baseSize");
            BASE_SIZE.setAccessible(true);
            EXCEPTION = MPIException.class.getDeclaredConstructor(int.class, int.class, String.class);
            EXCEPTION.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Derived lower datatypes (by identity: mpi.Datatype does not override equals) to their handles. */
    private static final Map<Datatype, Integer> VIDS = new ConcurrentHashMap<>();

    static int baseType(Datatype t) {
        try {
            return BASE_TYPE.getInt(t);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static int baseSize(Datatype t) {
        try {
            return BASE_SIZE.getInt(t);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static void mapped(Datatype lower, int vid) {
        VIDS.put(lower, vid);
    }

    static void unmapped(Datatype lower) {
        VIDS.remove(lower);
    }

    /** The handle of a lower-half datatype (derived or predefined), for calling the upper half back. */
    static int vidOf(Datatype lower) throws ManaException {
        Integer v = VIDS.get(lower);
        if (v != null) {
            return v;
        }
        for (mana.core.vid.VidTable.Entry e : Handles.TABLE.liveEntries()) {
            // a datatype rebuilt by a restart is not in the map yet
            if (e.lower() == lower && Vid.kind(e.vid()) == Kind.DATATYPE) {
                VIDS.put(lower, e.vid());
                return e.vid();
            }
        }
        for (int i = 0; i < Predefined.DATATYPES.size(); i++) {
            int vid = Vid.predefined(Kind.DATATYPE, i);
            try {
                if (Handles.lower(vid, Kind.DATATYPE) == lower) {
                    return vid;
                }
            } catch (ManaException e) {
                // not filled (yet): not this one
            }
        }
        throw ManaException.of(mana.core.error.ErrorClass.TYPE,
                "the lower half called a user operation with a datatype MANA does not know");
    }

    /** A lower-half MPIException with the code, class and message of a core error (for callbacks). */
    static MPIException lowerError(ManaException e) {
        try {
            MPIException x = EXCEPTION.newInstance(e.errorCode(), e.errorClass(), e.getMessage());
            x.initCause(e);
            return x;
        } catch (ReflectiveOperationException r) {
            throw new IllegalStateException(r);
        }
    }

    private LowerTypes() {
    }
}
