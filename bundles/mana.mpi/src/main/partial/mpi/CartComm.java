package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.TopoProvider;

/** A communicator with a Cartesian topology (area topologies, bundle mana.wrappers.cart). */
public final class CartComm extends Intracomm {

    CartComm(int vid) {
        super(vid);
    }

    /** As in Open MPI: an object for the {@code handle} of a live communicator (see {@link Comm#Comm(long)}). */
    protected CartComm(long handle) throws MPIException {
        super(handle);
    }

    /** As in Open MPI: {@code {communicator, request}} from {@link Comm#iDup(long)}. */
    protected CartComm(long[] commRequest) {
        super(commRequest);
    }

    private static TopoProvider topo() {
        return FunctionTable.topo();
    }

    @Override
    public CartComm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    @Override
    public CartComm dup() throws MPIException {
        try {
            return new CartComm(topo().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public CartComm iDup() throws MPIException {
        try {
            CartComm c = new CartComm(topo().iDup(vid));
            c.request = ManaComms.completedRequest();
            return c;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public CartComm dupWithInfo(Info info) throws MPIException {
        try {
            return new CartComm(topo().dupWithInfo(vid, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public CartParms getTopo() throws MPIException {
        try {
            TopoProvider.CartState s = topo().cartGet(vid);
            return new CartParms(s.dims(), s.periods(), s.coords());
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public int getRank(int[] coords) throws MPIException {
        try {
            return topo().cartRank(vid, coords);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public int[] getCoords(int rank) throws MPIException {
        try {
            return topo().cartCoords(vid, rank);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public ShiftParms shift(int direction, int disp) throws MPIException {
        try {
            int[] r = topo().cartShift(vid, direction, disp);
            return new ShiftParms(r[0], r[1]);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public CartComm sub(boolean[] remainDims) throws MPIException {
        try {
            return new CartComm(topo().cartSub(vid, remainDims));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public int map(int[] dims, boolean[] periods) throws MPIException {
        try {
            return topo().cartMap(vid, dims, periods);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public static void createDims(int nnodes, int[] dims) throws MPIException {
        try {
            topo().dimsCreate(nnodes, dims);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
