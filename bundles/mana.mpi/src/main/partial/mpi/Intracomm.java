package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** An intracommunicator. */
public class Intracomm extends Comm {

    Intracomm(int vid) {
        super(vid);
    }

    /** As in Open MPI: no communicator yet (see {@link Comm#setType}); every use fails with MPI_ERR_COMM. */
    protected Intracomm() {
        super();
    }

    /** As in Open MPI: an object for the {@code handle} of a live communicator (see {@link Comm#Comm(long)}). */
    protected Intracomm(long handle) {
        super(handle);
    }

    /** As in Open MPI: {@code {communicator, request}} from {@link Comm#iDup(long)}. */
    protected Intracomm(long[] commRequest) {
        super(commRequest);
    }

    @Override
    public Intracomm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    @Override
    public Intracomm dup() throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public Intracomm iDup() throws MPIException {
        try {
            Intracomm c = new Intracomm(FunctionTable.comm().iDup(vid));
            c.request = ManaComms.completedRequest();
            return c;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public Intracomm dupWithInfo(Info info) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().dupWithInfo(vid, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intracomm split(int colour, int key) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().split(vid, colour, key));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().splitType(vid, splitType, key, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intracomm create(Group group) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().create(vid, group.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        try {
            return new Intracomm(FunctionTable.comm().createGroup(vid, group.vid, tag));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
