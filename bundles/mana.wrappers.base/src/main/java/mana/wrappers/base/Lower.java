package mana.wrappers.base;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Constants;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** For wrapper bundles: translation between MANA handles and the lower half's objects, and lower-half errors. */
public final class Lower {
    private static final Field STATUS_DATA;
    /** The same field for the hot path (recv): a VarHandle read is cheaper than Field.get. */
    private static final java.lang.invoke.VarHandle STATUS_DATA_VH;
    private static final Constructor<Status> STATUS_NEW;

    static {
        try {
            STATUS_DATA = Status.class.getDeclaredField("data");
            STATUS_DATA.setAccessible(true);
            STATUS_DATA_VH = java.lang.invoke.MethodHandles.privateLookupIn(Status.class,
                    java.lang.invoke.MethodHandles.lookup()).unreflectVarHandle(STATUS_DATA);
            STATUS_NEW = Status.class.getDeclaredConstructor();
            STATUS_NEW.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Fills the constants table from the lower half's predefined objects. */
    public static void fillConstants() {
        for (int kind = 0; kind < Kind.LIMIT; kind++) {
            var names = Predefined.names(kind);
            for (int i = 0; i < names.size(); i++) {
                Constants.set(Vid.predefined(kind, i), staticField(MPI.class, names.get(i)));
            }
        }
    }

    public static Object staticField(Class<?> c, String name) {
        try {
            return c.getField(name).get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the lower half has no field " + c.getName() + "." + name, e);
        }
    }

    public static Comm comm(int vid) throws ManaException {
        return (Comm) Handles.lower(vid, Kind.COMM);
    }

    /**
     * A communicator's table entry: its lower-half object ({@link #comm(VidTable.Entry)}) and its
     * descriptor ({@link Requests#countSent(VidTable.Entry, int)}) from one lookup, for the
     * hottest wrappers.
     */
    public static VidTable.Entry commEntry(int vid) throws ManaException {
        return Handles.entry(vid, Kind.COMM);
    }

    /** The lower-half communicator of an entry from {@link #commEntry}. */
    public static Comm comm(VidTable.Entry e) {
        return (Comm) e.lower();
    }

    /**
     * The lower-half intracommunicator behind {@code vid}; an intercommunicator is an
     * MPI_ERR_COMM error "… is an intercommunicator" followed by {@code why}.
     */
    public static mpi.Intracomm intracomm(int vid, String why) throws ManaException {
        if (comm(vid) instanceof mpi.Intracomm c) {
            return c;
        }
        throw ManaException.of(mana.core.error.ErrorClass.COMM, "invalid communicator: " + Vid.toString(vid)
                + " is an intercommunicator" + why);
    }

    public static CommDescriptor commDescriptor(int vid) throws ManaException {
        return (CommDescriptor) Handles.descriptor(vid, Kind.COMM);
    }

    public static Datatype type(int vid) throws ManaException {
        return (Datatype) Handles.lower(vid, Kind.DATATYPE);
    }

    /** After MPI_Init: descriptors of the predefined communicators and the platform's own world. */
    public static void describeWorld() throws MPIException {
        Comms.reset();
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] world = new int[size];
        for (int i = 0; i < size; i++) {
            world[i] = i;
        }
        CommDescriptor worldDesc = new CommDescriptor(CommDescriptor.WORLD_GID, rank, world, null, false);
        CommDescriptor selfDesc = new CommDescriptor(CommDescriptor.makeGid(rank, 0), 0, new int[] {rank}, null, false);
        try {
            worldDesc.setErrhandler(Comms.errhandlerVid(MPI.COMM_WORLD));
            selfDesc.setErrhandler(Comms.errhandlerVid(MPI.COMM_SELF));
        } catch (ManaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        worldDesc.setName("MPI_COMM_WORLD");
        selfDesc.setName("MPI_COMM_SELF");
        Constants.setDescriptor(Predefined.handle(Kind.COMM, "COMM_WORLD"), worldDesc);
        Constants.setDescriptor(Predefined.handle(Kind.COMM, "COMM_SELF"), selfDesc);
        Handles.setInternalWorld(MPI.COMM_WORLD.dup());
    }

    public static ManaException error(MPIException e) {
        return new ManaException(e.getErrorCode(), e.getErrorClass(), e.getMessage(), e);
    }

    public static long[] statusData(Status s) {
        try {
            return ((long[]) STATUS_DATA.get(s)).clone();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Status status(long[] data) {
        try {
            Status s = STATUS_NEW.newInstance();
            long[] d = (long[]) STATUS_DATA.get(s);
            System.arraycopy(data, 0, d, 0, Math.min(d.length, data.length));
            return s;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The lower-half datatype of a handle used to move data (send, receive, collectives): like
     * {@link #type(int)}, and a derived datatype must be committed. Open MPI's Java binding
     * crashes the JVM (SIGSEGV in ompi_java_getReadPtr) when an uncommitted derived datatype is
     * sent from an array; MANA gives MPI_ERR_TYPE instead. Predefined types cost one check.
     */
    public static Datatype committedType(int vid) throws ManaException {
        if ((vid & 0x0F000000) == 0) { // generation 0: predefined
            return (Datatype) Constants.get(vid, Kind.DATATYPE);
        }
        mana.core.vid.VidTable.Entry e = Handles.TABLE.entry(vid, Kind.DATATYPE);
        Object lower = e.lower();
        if (e.descriptor() instanceof mana.core.desc.DatatypeDescriptor d && !d.isCommitted()) {
            throw ManaException.of(mana.core.error.ErrorClass.TYPE, "invalid datatype: "
                    + mana.core.vid.Vid.toString(vid) + " is not committed (call Datatype.commit() before using it)");
        }
        if (lower == null || e.vid() != vid) {
            throw Handles.TABLE.invalid(vid, Kind.DATATYPE);
        }
        return (Datatype) lower;
    }

    /** The lower half's own field array of a status, without a copy (for a status the caller discards). */
    public static long[] statusFields(Status s) {
        return (long[]) STATUS_DATA_VH.get(s);
    }

    /** Copies a lower-half status's fields into {@code out}; does nothing when {@code out} is null. */
    public static void statusInto(Status s, long[] out) {
        if (out != null) {
            long[] d = statusFields(s);
            System.arraycopy(d, 0, out, 0, Math.min(d.length, out.length));
        }
    }

    private Lower() {
    }
}
