package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.TopoProvider;

/** A communicator with a graph or distributed graph topology (area topologies, bundle mana.wrappers.cart). */
public final class GraphComm extends Intracomm {

    GraphComm(int vid) {
        super(vid);
    }

    /** As in Open MPI: an object for the {@code handle} of a live communicator (see {@link Comm#Comm(long)}). */
    protected GraphComm(long handle) throws MPIException {
        super(handle);
    }

    /** As in Open MPI: {@code {communicator, request}} from {@link Comm#iDup(long)}. */
    protected GraphComm(long[] commRequest) {
        super(commRequest);
    }

    private static TopoProvider topo() {
        return FunctionTable.topo();
    }

    @Override
    public GraphComm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    @Override
    public GraphComm dup() throws MPIException {
        try {
            return new GraphComm(topo().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public GraphComm iDup() throws MPIException {
        try {
            GraphComm c = new GraphComm(topo().iDup(vid));
            c.request = ManaComms.completedRequest();
            return c;
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    @Override
    public GraphComm dupWithInfo(Info info) throws MPIException {
        try {
            return new GraphComm(topo().dupWithInfo(vid, info.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public GraphParms getDims() throws MPIException {
        try {
            TopoProvider.GraphState s = topo().graphGet(vid);
            return new GraphParms(s.index(), s.edges());
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public int[] getNeighbors(int rank) throws MPIException {
        try {
            return topo().graphNeighbors(vid, rank);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        try {
            TopoProvider.Neighbors n = topo().distGraphNeighbors(vid);
            return new DistGraphNeighbors(n.sources(), n.sourceWeights(), n.destinations(), n.destWeights(),
                    n.weighted());
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public int map(int[] index, int[] edges) throws MPIException {
        try {
            return topo().graphMap(vid, index, edges);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
