package mana.wrappers.comm;

import java.util.Arrays;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.CommProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Constants;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.wrappers.base.Args;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Lower;
import mpi.Comm;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * Communicator queries and management. Every new communicator gets a virtual handle and a
 * {@link CommDescriptor}: the world ranks of its members, this rank's rank, its errhandler and a
 * gid that rank 0 of the new communicator makes and broadcasts over it.
 */
@Component(service = CommProvider.class)
public final class CommWrappers implements CommProvider {
    private static final int RANK = FunctionStats.id("MPI_Comm_rank");
    private static final int SIZE = FunctionStats.id("MPI_Comm_size");
    private static final int DUP = FunctionStats.id("MPI_Comm_dup");
    private static final int IDUP = FunctionStats.id("MPI_Comm_idup");
    private static final int DUP_WITH_INFO = FunctionStats.id("MPI_Comm_dup_with_info");
    private static final int SPLIT = FunctionStats.id("MPI_Comm_split");
    private static final int SPLIT_TYPE = FunctionStats.id("MPI_Comm_split_type");
    private static final int CREATE = FunctionStats.id("MPI_Comm_create");
    private static final int CREATE_GROUP = FunctionStats.id("MPI_Comm_create_group");
    private static final int FREE = FunctionStats.id("MPI_Comm_free");
    private static final int COMPARE = FunctionStats.id("MPI_Comm_compare");
    private static final int GROUP = FunctionStats.id("MPI_Comm_group");
    private static final int TEST_INTER = FunctionStats.id("MPI_Comm_test_inter");
    private static final int TOPO_TEST = FunctionStats.id("MPI_Topo_test");
    private static final int SET_NAME = FunctionStats.id("MPI_Comm_set_name");
    private static final int GET_NAME = FunctionStats.id("MPI_Comm_get_name");
    private static final int CREATE_KEYVAL = FunctionStats.id("MPI_Comm_create_keyval");
    private static final int FREE_KEYVAL = FunctionStats.id("MPI_Comm_free_keyval");
    private static final int SET_ATTR = FunctionStats.id("MPI_Comm_set_attr");
    private static final int GET_ATTR = FunctionStats.id("MPI_Comm_get_attr");
    private static final int DELETE_ATTR = FunctionStats.id("MPI_Comm_delete_attr");
    private static final int SET_ERRHANDLER = FunctionStats.id("MPI_Comm_set_errhandler");
    private static final int GET_ERRHANDLER = FunctionStats.id("MPI_Comm_get_errhandler");
    private static final int CALL_ERRHANDLER = FunctionStats.id("MPI_Comm_call_errhandler");
    private static final int INTERCOMM_CREATE = FunctionStats.id("MPI_Intercomm_create");
    private static final int GET_PARENT = FunctionStats.id("MPI_Comm_get_parent");
    private static final int SPAWN = FunctionStats.id("MPI_Comm_spawn");
    private static final int SPAWN_MULTIPLE = FunctionStats.id("MPI_Comm_spawn_multiple");
    private static final int INTERCOMM_MERGE = FunctionStats.id("MPI_Intercomm_merge");
    private static final int REMOTE_SIZE = FunctionStats.id("MPI_Comm_remote_size");
    private static final int REMOTE_GROUP = FunctionStats.id("MPI_Comm_remote_group");
    private static final int SET_INFO = FunctionStats.id("MPI_Comm_set_info");
    private static final int GET_INFO = FunctionStats.id("MPI_Comm_get_info");
    private static final int OPEN_PORT = FunctionStats.id("MPI_Open_port");
    private static final int CLOSE_PORT = FunctionStats.id("MPI_Close_port");
    private static final int ACCEPT = FunctionStats.id("MPI_Comm_accept");
    private static final int CONNECT = FunctionStats.id("MPI_Comm_connect");
    private static final int DISCONNECT = FunctionStats.id("MPI_Comm_disconnect");
    private static final int PUBLISH_NAME = FunctionStats.id("MPI_Publish_name");
    private static final int UNPUBLISH_NAME = FunctionStats.id("MPI_Unpublish_name");
    private static final int LOOKUP_NAME = FunctionStats.id("MPI_Lookup_name");

    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    /** A wrapper body: the lower-half call and the upper-half state change, inside the gate. */
    @FunctionalInterface
    interface Body<T> {
        T run() throws MPIException, ManaException;
    }

    private static <T> T call(int id, Body<T> body) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.enter();
        try {
            return body.run();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int rank(int comm) throws ManaException {
        FunctionStats.count(RANK);
        CheckpointGate.enter();
        try {
            return Lower.comm(comm).getRank();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int size(int comm) throws ManaException {
        FunctionStats.count(SIZE);
        CheckpointGate.enter();
        try {
            return Lower.comm(comm).getSize();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    static Intracomm intra(int vid) throws ManaException {
        return Lower.intracomm(vid, ", not an intracommunicator");
    }

    static Intercomm inter(int vid) throws ManaException {
        Comm c = Lower.comm(vid);
        if (c instanceof Intercomm ic) {
            return ic;
        }
        throw ManaException.of(ErrorClass.COMM, "invalid communicator: " + Vid.toString(vid)
                + " is not an intercommunicator");
    }

    static Info info(int vid) throws ManaException {
        return (Info) Handles.lower(vid, Kind.INFO);
    }

    @Override
    public int dup(int comm) throws ManaException {
        return call(DUP, () -> Comms.register(Lower.comm(comm).dup()));
    }

    @Override
    public int iDup(int comm) throws ManaException {
        return call(IDUP, () -> {
            Comm c = Lower.comm(comm).iDup();
            // The gid is broadcast over the new communicator, which is usable only once the
            // duplication completes: MANA completes it here (the application's request is null).
            c.getRequest().waitFor();
            return Comms.register(c);
        });
    }

    @Override
    public int dupWithInfo(int comm, int info) throws ManaException {
        return call(DUP_WITH_INFO, () -> Comms.register(Lower.comm(comm).dupWithInfo(info(info))));
    }

    @Override
    public int split(int comm, int color, int key) throws ManaException {
        return call(SPLIT, () -> Comms.register(intra(comm).split(color, key)));
    }

    @Override
    public int splitType(int comm, int splitType, int key, int info) throws ManaException {
        return call(SPLIT_TYPE, () -> Comms.register(intra(comm).splitType(splitType, key, info(info))));
    }

    @Override
    public int create(int comm, int group) throws ManaException {
        return call(CREATE, () -> Comms.register(intra(comm).create(Comms.group(group))));
    }

    @Override
    public int createGroup(int comm, int group, int tag) throws ManaException {
        return call(CREATE_GROUP, () -> Comms.register(intra(comm).createGroup(Comms.group(group), tag)));
    }

    @Override
    public int free(int comm) throws ManaException {
        return call(FREE, () -> {
            Comm c = Lower.comm(comm);
            c.free();
            if (!Vid.isPredefined(comm)) {
                Handles.TABLE.free(comm, Kind.COMM);
            }
            return Vid.NULL;
        });
    }

    @Override
    public int compare(int comm1, int comm2) throws ManaException {
        return call(COMPARE, () -> Comm.compare(Lower.comm(comm1), Lower.comm(comm2)));
    }

    @Override
    public int group(int comm) throws ManaException {
        return call(GROUP, () -> Comms.register(Lower.comm(comm).getGroup()));
    }

    @Override
    public boolean isInter(int comm) throws ManaException {
        return call(TEST_INTER, () -> Lower.comm(comm).isInter());
    }

    @Override
    public int topology(int comm) throws ManaException {
        return call(TOPO_TEST, () -> Lower.comm(comm).getTopology());
    }

    @Override
    public void setName(int comm, String name) throws ManaException {
        call(SET_NAME, () -> {
            Args.notNull(name, "name");
            Lower.comm(comm).setName(name);
            CommDescriptor d = Lower.commDescriptor(comm);
            if (d != null) {
                d.setName(name);
            }
            return null;
        });
    }

    @Override
    public String name(int comm) throws ManaException {
        return call(GET_NAME, () -> Lower.comm(comm).getName());
    }

    @Override
    public int createKeyval() throws ManaException {
        return call(CREATE_KEYVAL, Comm::createKeyval);
    }

    @Override
    public void freeKeyval(int keyval) throws ManaException {
        call(FREE_KEYVAL, () -> {
            Comm.freeKeyval(keyval);
            return null;
        });
    }

    static boolean predefinedKeyval(int keyval) {
        return keyval == MPI.TAG_UB || keyval == MPI.HOST || keyval == MPI.IO || keyval == MPI.APPNUM
                || keyval == MPI.LASTUSEDCODE || keyval == MPI.UNIVERSE_SIZE || keyval == MPI.WTIME_IS_GLOBAL;
    }

    @Override
    public void setAttr(int comm, int keyval, byte[] value) throws ManaException {
        call(SET_ATTR, () -> {
            // The lower half stores the serialized form of what it is given: the bytes the upper
            // half made, so values of application classes never pass through the lower half's loader.
            Lower.comm(comm).setAttr(keyval, value);
            return null;
        });
    }

    @Override
    public Object getAttr(int comm, int keyval) throws ManaException {
        return call(GET_ATTR, () -> {
            Object v = Lower.comm(comm).getAttr(keyval);
            if (predefinedKeyval(keyval) || v == null || v instanceof byte[]) {
                return v;
            }
            throw ManaException.of(ErrorClass.INTERN, "MANA: attribute " + keyval + " holds a "
                    + v.getClass().getName() + " that the upper half did not store");
        });
    }

    @Override
    public void deleteAttr(int comm, int keyval) throws ManaException {
        call(DELETE_ATTR, () -> {
            Lower.comm(comm).deleteAttr(keyval);
            return null;
        });
    }

    @Override
    public void setErrhandler(int comm, int errhandler) throws ManaException {
        call(SET_ERRHANDLER, () -> {
            Lower.comm(comm).setErrhandler(Comms.errhandler(errhandler));
            CommDescriptor d = Lower.commDescriptor(comm);
            if (d != null) {
                d.setErrhandler(errhandler);
            }
            return null;
        });
    }

    @Override
    public int errhandler(int comm) throws ManaException {
        return call(GET_ERRHANDLER, () -> Comms.errhandlerVid(Lower.comm(comm)));
    }

    @Override
    public void callErrhandler(int comm, int errorCode) throws ManaException {
        call(CALL_ERRHANDLER, () -> {
            Lower.comm(comm).callErrhandler(errorCode);
            return null;
        });
    }

    @Override
    public boolean errorsReturn(int comm) {
        Descriptor d = null;
        if (comm != Vid.NULL) {
            try {
                d = Handles.descriptor(comm, Kind.COMM);
            } catch (ManaException e) {
                d = null; // an invalid communicator: Open MPI raises on MPI_COMM_WORLD
            }
        }
        if (!(d instanceof CommDescriptor)) {
            d = Constants.descriptor(WORLD);
        }
        // before MPI_Init (no descriptors yet) an error is returned: there is no job to abort
        return !(d instanceof CommDescriptor cd) || cd.errhandler() == Comms.ERRORS_RETURN;
    }

    @Override
    public int createIntercomm(int comm, int localComm, int localLeader, int remoteLeader, int tag)
            throws ManaException {
        return call(INTERCOMM_CREATE, () -> Comms.registerInter(
                Lower.comm(comm).createIntercomm(Lower.comm(localComm), localLeader, remoteLeader, tag)));
    }

    /**
     * MPI_COMM_NULL in a job mpirun started (the raw binding then returns an Intercomm whose
     * isNull() is true; so does the upper half). In a process MPI_Comm_spawn started, the
     * intercommunicator to the parents: the same handle on every call while it lives.
     */
    @Override
    public int getParent() throws ManaException {
        return call(GET_PARENT, () -> {
            Intercomm parent = Intercomm.getParent();
            if (Comms.isNull(parent)) {
                return Vid.NULL;
            }
            synchronized (this) {
                int known = parentVid;
                if (known != Vid.NULL && Handles.TABLE.isLive(known)
                        && Comms.handle(Lower.comm(known)) == Comms.handle(parent)) {
                    return known;
                }
                parentVid = Comms.registerInter(parent); // local only: the parents are outside this job
                return parentVid;
            }
        });
    }

    /** The handle getParent made (NULL before the first call); guarded by this. */
    private int parentVid = Vid.NULL;

    @Override
    public int spawn(int comm, String command, String[] argv, int maxprocs, int info, int root, int[] errcodes)
            throws ManaException {
        return call(SPAWN, () -> {
            Intracomm c = intra(comm);
            // Open MPI's binding reads every string and fills errcodes on every rank: what
            // would crash it (a null string, a short errcodes) is an error here
            Args.notNull(command, "command");
            checkArgv(argv, "argv");
            checkErrcodes(errcodes, maxprocs);
            Info lowerInfo = mana.wrappers.base.Infos.lower(info);
            SpawnCommands.Command child = c.getRank() == root ? SpawnCommands.fromSystemProperties().forChild(command, argv)
                    : new SpawnCommands.Command(command, argv);
            return Comms.registerInter(c.spawn(child.command(), child.argv(), maxprocs, lowerInfo, root, errcodes));
        });
    }

    @Override
    public int spawnMultiple(int comm, String[] commands, String[][] argv, int[] maxprocs, int[] infos, int root,
            int[] errcodes) throws ManaException {
        return call(SPAWN_MULTIPLE, () -> {
            Intracomm c = intra(comm);
            Args.notNull(commands, "commands");
            Args.notNull(maxprocs, "maxprocs");
            int n = commands.length;
            if (maxprocs.length < n || infos.length < n || (argv != null && argv.length < n)) {
                throw ManaException.of(ErrorClass.ARG, "invalid argument: " + n + " commands, but maxprocs has "
                        + maxprocs.length + ", info " + infos.length + (argv == null ? "" : " and argv " + argv.length)
                        + " elements");
            }
            long total = 0;
            for (int i = 0; i < n; i++) {
                Args.notNull(commands[i], "commands[" + i + "]");
                if (argv != null) {
                    Args.notNull(argv[i], "argv[" + i + "]");
                    checkArgv(argv[i], "argv[" + i + "]");
                }
                total += Math.max(0, maxprocs[i]);
            }
            checkErrcodes(errcodes, total);
            Info[] lowerInfos = new Info[infos.length];
            for (int i = 0; i < infos.length; i++) {
                lowerInfos[i] = mana.wrappers.base.Infos.lower(infos[i]);
            }
            String[] cmds = commands;
            String[][] args = argv;
            if (c.getRank() == root) {
                SpawnCommands spawnCommands = SpawnCommands.fromSystemProperties(); // set once the application starts
                cmds = commands.clone();
                args = new String[commands.length][];
                for (int i = 0; i < commands.length; i++) {
                    String[] a = argv != null ? argv[i] : new String[0]; // the binding reads every argv[i]
                    SpawnCommands.Command child = spawnCommands.forChild(commands[i], a);
                    cmds[i] = child.command();
                    args[i] = child.argv();
                }
                if (argv == null && Arrays.equals(cmds, commands)) {
                    args = null; // nothing rewritten: MPI_ARGVS_NULL as the application gave it
                }
            }
            return Comms.registerInter(c.spawnMultiple(cmds, args, maxprocs, lowerInfos, root, errcodes));
        });
    }

    private static void checkArgv(String[] argv, String what) throws ManaException {
        if (argv != null) {
            for (int i = 0; i < argv.length; i++) {
                Args.notNull(argv[i], what + "[" + i + "]");
            }
        }
    }

    private static void checkErrcodes(int[] errcodes, long processes) throws ManaException {
        if (errcodes != null && errcodes.length < processes) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: errcodes has " + errcodes.length
                    + " elements for " + processes + " processes");
        }
    }

    @Override
    public int merge(int intercomm, boolean high) throws ManaException {
        return call(INTERCOMM_MERGE, () -> Comms.register(inter(intercomm).merge(high)));
    }

    @Override
    public int remoteSize(int intercomm) throws ManaException {
        return call(REMOTE_SIZE, () -> inter(intercomm).getRemoteSize());
    }

    @Override
    public int remoteGroup(int intercomm) throws ManaException {
        return call(REMOTE_GROUP, () -> Comms.register(inter(intercomm).getRemoteGroup()));
    }

    // ---- info hints (issue 6): the lower half keeps them; getInfo makes a new virtual info ----

    @Override
    public void setInfo(int comm, int info) throws ManaException {
        call(SET_INFO, () -> {
            Lower.comm(comm).setInfo(mana.wrappers.base.Infos.lower(info));
            return null;
        });
    }

    @Override
    public int getInfo(int comm) throws ManaException {
        return call(GET_INFO, () -> mana.wrappers.base.Infos.register(Lower.comm(comm).getInfo()));
    }

    // ---- ports: accept/connect make an intercommunicator between two groups of this job ----

    @Override
    public String openPort(int info) throws ManaException {
        return call(OPEN_PORT, () -> {
            String port = Intracomm.openPort(mana.wrappers.base.Infos.lower(info));
            mana.core.desc.OpenPorts.opened(port); // a transparent checkpoint is refused while it is open
            return port;
        });
    }

    @Override
    public void closePort(String port) throws ManaException {
        call(CLOSE_PORT, () -> {
            Args.notNull(port, "port");
            Intracomm.closePort(port);
            mana.core.desc.OpenPorts.closed(port);
            return null;
        });
    }

    @Override
    public int accept(int comm, String port, int info, int root) throws ManaException {
        return call(ACCEPT, () -> Comms.registerInter(
                intra(comm).accept(port, mana.wrappers.base.Infos.lower(info), root)));
    }

    @Override
    public int connect(int comm, String port, int info, int root) throws ManaException {
        return call(CONNECT, () -> Comms.registerInter(
                intra(comm).connect(port, mana.wrappers.base.Infos.lower(info), root)));
    }

    @Override
    public int disconnect(int comm) throws ManaException {
        return call(DISCONNECT, () -> {
            Lower.comm(comm).disconnect();
            if (!Vid.isPredefined(comm)) {
                Handles.TABLE.free(comm, Kind.COMM);
            }
            return Vid.NULL;
        });
    }

    @Override
    public void publishName(String service, int info, String port) throws ManaException {
        call(PUBLISH_NAME, () -> {
            Args.notNull(service, "service");
            Args.notNull(port, "port");
            Intracomm.publishName(service, mana.wrappers.base.Infos.lower(info), port);
            return null;
        });
    }

    @Override
    public void unpublishName(String service, int info, String port) throws ManaException {
        call(UNPUBLISH_NAME, () -> {
            Args.notNull(service, "service");
            Args.notNull(port, "port");
            Intracomm.unpublishName(service, mana.wrappers.base.Infos.lower(info), port);
            return null;
        });
    }

    @Override
    public String lookupName(String service, int info) throws ManaException {
        return call(LOOKUP_NAME, () -> {
            Args.notNull(service, "service");
            return Intracomm.lookupName(service, mana.wrappers.base.Infos.lower(info));
        });
    }
}
