package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Topology constructors of Intracomm (area topologies, bundle mana.wrappers.cart). */
public class Intracomm {

    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        try {
            return new CartComm(FunctionTable.topo().createCart(vid, dims, periods, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        try {
            return new GraphComm(FunctionTable.topo().createGraph(vid, index, edges, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights,
                                           Info info, boolean reorder) throws MPIException {
        try {
            return new GraphComm(FunctionTable.topo().createDistGraph(vid, sources, degrees, destinations, weights,
                    info.vid, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info,
                                           boolean reorder) throws MPIException {
        try {
            return new GraphComm(FunctionTable.topo().createDistGraph(vid, sources, degrees, destinations, null,
                    info.vid, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
                                                   int[] destWeights, Info info, boolean reorder)
            throws MPIException {
        try {
            return new GraphComm(FunctionTable.topo().createDistGraphAdjacent(vid, sources, sourceWeights,
                    destinations, destWeights, info.vid, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        try {
            return new GraphComm(FunctionTable.topo().createDistGraphAdjacent(vid, sources, null, destinations, null,
                    info.vid, reorder));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
