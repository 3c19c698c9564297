package mpi;

import mana.core.error.ManaException;
import mana.core.fn.CommProvider;
import mana.core.fn.FunctionTable;
import mana.core.vid.Vid;

/** Communicator management of Comm (area comm, bundle mana.wrappers.comm). */
public class Comm {

    private static CommProvider comm() {
        return FunctionTable.comm();
    }

    @Override
    public Comm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    public Comm dup() throws MPIException {
        try {
            return new Comm(comm().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public Comm iDup() throws MPIException {
        try {
            Comm c = new Comm(comm().iDup(vid));
            c.request = ManaComms.completedRequest();
            return c;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public Comm dupWithInfo(Info info) throws MPIException {
        try {
            return new Comm(comm().dupWithInfo(vid, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Request getRequest() {
        return request;
    }

    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        try {
            return comm().compare(comm1.vid, comm2.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, comm1);
        }
    }

    public final void free() throws MPIException {
        try {
            setVid(comm().free(vid));
            freed = true;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void disconnect() throws MPIException {
        try {
            setVid(comm().disconnect(vid));
            freed = true;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final boolean isNull() {
        return vid == Vid.NULL;
    }

    public final Group getGroup() throws MPIException {
        try {
            return new Group(comm().group(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final boolean isInter() throws MPIException {
        try {
            return comm().isInter(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag)
            throws MPIException {
        try {
            return new Intercomm(comm().createIntercomm(vid, localComm.vid, localLeader, remoteLeader, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public static int createKeyval() throws MPIException {
        try {
            return comm().createKeyval();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void freeKeyval(int keyval) throws MPIException {
        try {
            comm().freeKeyval(keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final void setAttr(int keyval, Object value) throws MPIException {
        byte[] bytes = ManaComms.serialize(value);
        try {
            comm().setAttr(vid, keyval, bytes);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Object getAttr(int keyval) throws MPIException {
        Object v;
        try {
            v = comm().getAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
        return ManaComms.predefinedKeyval(keyval) ? v : ManaComms.deserialize((byte[]) v);
    }

    public final void deleteAttr(int keyval) throws MPIException {
        try {
            comm().deleteAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int getTopology() throws MPIException {
        try {
            return comm().topology(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            comm().setErrhandler(vid, errhandler.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    /** A new Errhandler object each time, as in the raw binding. */
    public final Errhandler getErrhandler() throws MPIException {
        try {
            return new Errhandler(comm().errhandler(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public void callErrhandler(int errorCode) throws MPIException {
        try {
            comm().callErrhandler(vid, errorCode);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void setName(String name) throws MPIException {
        try {
            comm().setName(vid, name);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final String getName() throws MPIException {
        try {
            return comm().name(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
