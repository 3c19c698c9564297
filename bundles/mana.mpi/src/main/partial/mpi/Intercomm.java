package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** An intercommunicator. */
public final class Intercomm extends Comm {

    Intercomm(int vid) {
        super(vid);
    }

    /** As in Open MPI: an object for the {@code handle} of a live communicator (see {@link Comm#Comm(long)}). */
    protected Intercomm(long handle) {
        super(handle);
    }

    /** As in Open MPI: {@code {communicator, request}} from {@link Comm#iDup(long)}. */
    protected Intercomm(long[] commRequest) {
        super(commRequest);
    }

    @Override
    public Intercomm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    @Override
    public Intercomm dup() throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public Intercomm iDup() throws MPIException {
        try {
            Intercomm c = new Intercomm(FunctionTable.comm().iDup(vid));
            c.request = ManaComms.completedRequest();
            return c;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public Intercomm dupWithInfo(Info info) throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().dupWithInfo(vid, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    /** The parent of a spawned process; in a job mpirun started, an Intercomm whose isNull() is true (as raw). */
    public static Intercomm getParent() throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().getParent());
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getRemoteSize() throws MPIException {
        try {
            return FunctionTable.comm().remoteSize(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public Group getRemoteGroup() throws MPIException {
        try {
            return new Group(FunctionTable.comm().remoteGroup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public Intracomm merge(boolean high) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().merge(vid, high));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
