package mana.wrappers.base;

import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicLong;
import mana.core.desc.CommDescriptor;
import mana.core.desc.GroupDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mpi.Comm;
import mpi.Errhandler;
import mpi.Group;
import mpi.Intercomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * For wrapper bundles that make communicators and groups: world ranks of members, the gid
 * agreed by broadcast over a new communicator, virtual handles with their descriptors, and
 * the translation of the lower half's predefined errhandlers.
 */
public final class Comms {
    private static final Field ERRHANDLER_HANDLE;
    private static final Field GROUP_HANDLE;
    private static final Field COMM_HANDLE;
    /** Counter of communicators this rank led into existence (gid = leader's world rank + counter). */
    private static final AtomicLong GID_COUNTER = new AtomicLong();
    private static volatile Group worldGroup;

    public static final int ERRORS_ARE_FATAL = Predefined.handle(Kind.ERRHANDLER, "ERRORS_ARE_FATAL");
    public static final int ERRORS_RETURN = Predefined.handle(Kind.ERRHANDLER, "ERRORS_RETURN");

    static {
        try {
            ERRHANDLER_HANDLE = Errhandler.class.getDeclaredField("handle");
            ERRHANDLER_HANDLE.setAccessible(true);
            GROUP_HANDLE = Group.class.getDeclaredField("handle");
            GROUP_HANDLE.setAccessible(true);
            COMM_HANDLE = Comm.class.getDeclaredField("handle");
            COMM_HANDLE.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The lower-half group of MPI_COMM_WORLD (made once after MPI_Init). */
    public static Group worldGroup() throws MPIException {
        Group g = worldGroup;
        if (g == null) {
            synchronized (Comms.class) {
                g = worldGroup;
                if (g == null) {
                    g = MPI.COMM_WORLD.getGroup();
                    worldGroup = g;
                }
            }
        }
        return g;
    }

    /** How many communicators this rank led into existence (saved by a checkpoint). */
    public static long gidCounter() {
        return GID_COUNTER.get();
    }

    /** At a restart: new gids continue after the saved counter, so they never repeat one in use. */
    public static void restoreGidCounter(long value) {
        GID_COUNTER.accumulateAndGet(value, Math::max);
    }

    /** Called at MPI_Init (and at restart): the old lower half's objects are gone. */
    public static void reset() {
        worldGroup = null;
    }

    /** The world ranks of the members of a lower-half group, in group rank order. */
    public static int[] worldRanks(Group g) throws MPIException {
        int n = g.getSize();
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            ranks[i] = i;
        }
        return n == 0 ? ranks : Group.translateRanks(g, ranks, worldGroup());
    }

    /** World ranks of the (local) group of a lower-half communicator. */
    public static int[] worldRanks(Comm c) throws MPIException {
        Group g = c.getGroup();
        try {
            return worldRanks(g);
        } finally {
            g.free();
        }
    }

    /**
     * Whether some of these ranks are outside this job's MPI_COMM_WORLD (MPI_UNDEFINED in it):
     * processes MPI_Comm_spawn started, their parents, or another job's processes.
     */
    public static boolean outsideJob(int[] worldRanks) {
        for (int r : worldRanks) {
            if (r < 0) {
                return true;
            }
        }
        return false;
    }

    public static boolean isNull(Comm c) {
        return c == null || c.isNull();
    }

    public static boolean isNull(Group g) {
        return g == null || g.isNull();
    }

    /** A new gid, made by this rank as rank 0 of a new communicator. */
    public static long newGid() throws MPIException {
        return CommDescriptor.makeGid(MPI.COMM_WORLD.getRank(), GID_COUNTER.incrementAndGet());
    }

    /**
     * Agrees on the gid of a new intracommunicator: its rank 0 makes it and broadcasts it over
     * the new communicator (a lower-half bcast of a long[1]); every member returns the same value.
     */
    public static long agreeGid(Comm lowerNew) throws MPIException {
        long[] gid = new long[1];
        if (lowerNew.getRank() == 0) {
            gid[0] = newGid();
        }
        lowerNew.bcast(gid, 1, MPI.LONG, 0);
        return gid[0];
    }

    /**
     * Agrees on the gid of a new intercommunicator: rank 0 of the group whose rank 0 has the lower
     * world rank makes it; two intercommunicator broadcasts (one each way) give it to everyone.
     */
    public static long agreeInterGid(Intercomm lowerNew, int[] local, int[] remote) throws MPIException {
        long[] gid = new long[1];
        boolean leaderGroup = local[0] < remote[0];
        int rank = lowerNew.getRank();
        if (leaderGroup) {
            if (rank == 0) {
                gid[0] = newGid();
            }
            lowerNew.bcast(gid, 1, MPI.LONG, rank == 0 ? MPI.ROOT : MPI.PROC_NULL);
            lowerNew.bcast(gid, 1, MPI.LONG, 0);
        } else {
            lowerNew.bcast(gid, 1, MPI.LONG, 0);
            lowerNew.bcast(gid, 1, MPI.LONG, rank == 0 ? MPI.ROOT : MPI.PROC_NULL);
        }
        return gid[0];
    }

    /**
     * Makes the virtual handle of a new lower-half intracommunicator (collective over its members:
     * the gid broadcast), or returns {@link Vid#NULL} for MPI_COMM_NULL.
     */
    public static int register(Comm lowerNew) throws MPIException, ManaException {
        if (isNull(lowerNew)) {
            return Vid.NULL;
        }
        if (lowerNew.isInter()) {
            return registerInter((Intercomm) lowerNew);
        }
        int[] members = worldRanks(lowerNew);
        // with processes outside this job (spawned, or of another job) no extra collective:
        // they may not run MANA; such a communicator is never checkpointed, so its gid stays local
        long gid = outsideJob(members) ? newGid() : agreeGid(lowerNew);
        CommDescriptor d = new CommDescriptor(gid, lowerNew.getRank(), members, null, false);
        d.setErrhandler(errhandlerVid(lowerNew));
        return Handles.TABLE.create(Kind.COMM, lowerNew, d);
    }

    /** Makes the virtual handle of a new lower-half intercommunicator (collective over both groups). */
    public static int registerInter(Intercomm lowerNew) throws MPIException, ManaException {
        int[] local = worldRanks(lowerNew);
        Group rg = lowerNew.getRemoteGroup();
        int[] remote;
        try {
            remote = worldRanks(rg);
        } finally {
            rg.free();
        }
        long gid = outsideJob(local) || outsideJob(remote) ? newGid() : agreeInterGid(lowerNew, local, remote);
        CommDescriptor d = CommDescriptor.inter(gid, lowerNew.getRank(), local, remote);
        d.setErrhandler(errhandlerVid(lowerNew));
        return Handles.TABLE.create(Kind.COMM, lowerNew, d);
    }

    /**
     * Makes the virtual handle of a new lower-half group (its members' world ranks), or null for
     * MPI_GROUP_NULL. An empty result (Open MPI returns MPI_GROUP_EMPTY) gets its own handle and
     * lower-half object too, as in the raw binding, so freeing it never touches MPI.GROUP_EMPTY.
     */
    public static int register(Group lowerNew) throws MPIException, ManaException {
        if (isNull(lowerNew)) {
            return Vid.NULL;
        }
        return Handles.TABLE.create(Kind.GROUP, lowerNew, new GroupDescriptor(worldRanks(lowerNew)));
    }

    public static Group group(int vid) throws ManaException {
        return (Group) Handles.lower(vid, Kind.GROUP);
    }

    /** The lower-half errhandler behind a predefined errhandler handle. */
    public static Errhandler errhandler(int vid) throws ManaException {
        return (Errhandler) Handles.lower(vid, Kind.ERRHANDLER);
    }

    /** The predefined errhandler handle of the lower half's current errhandler of {@code c}. */
    public static int errhandlerVid(Comm c) throws MPIException, ManaException {
        Errhandler e = c.getErrhandler();
        long h = handle(e);
        if (h == handle(errhandler(ERRORS_RETURN))) {
            return ERRORS_RETURN;
        }
        if (h == handle(errhandler(ERRORS_ARE_FATAL))) {
            return ERRORS_ARE_FATAL;
        }
        throw ManaException.of(ErrorClass.INTERN,
                "MANA: the communicator has an errhandler that is neither ERRORS_RETURN nor ERRORS_ARE_FATAL");
    }

    public static long handle(Errhandler e) {
        try {
            return ERRHANDLER_HANDLE.getLong(e);
        } catch (IllegalAccessException x) {
            throw new IllegalStateException(x);
        }
    }

    public static long handle(Group g) {
        try {
            return GROUP_HANDLE.getLong(g);
        } catch (IllegalAccessException x) {
            throw new IllegalStateException(x);
        }
    }

    public static long handle(Comm c) {
        try {
            return COMM_HANDLE.getLong(c);
        } catch (IllegalAccessException x) {
            throw new IllegalStateException(x);
        }
    }

    private Comms() {
    }
}
