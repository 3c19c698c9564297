package mana.wrappers.env;

import mana.core.error.ManaException;
import mana.core.fn.CollProvider;
import mana.core.fn.CommProvider;
import mana.core.fn.P2pProvider;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * The first communicator functions: rank, size, barrier and blocking send/recv on the
 * predefined communicators. The dedicated wrapper bundles (p2p, comm, coll) replace these
 * when they are installed (the function table prefers the most recent provider).
 */
@Component(service = {CommProvider.class, P2pProvider.class, CollProvider.class})
public final class WorldWrappers implements CommProvider, P2pProvider, CollProvider {

    @Override
    public int rank(int comm) throws ManaException {
        try {
            return Lower.comm(comm).getRank();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int size(int comm) throws ManaException {
        try {
            return Lower.comm(comm).getSize();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public void barrier(int comm) throws ManaException {
        try {
            Lower.comm(comm).barrier();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public void send(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        try {
            Lower.comm(comm).send(buf, count, Lower.type(type), dest, tag);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException {
        try {
            return Lower.statusData(Lower.comm(comm).recv(buf, count, Lower.type(type), source, tag));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int statusCount(long[] status, int type) throws ManaException {
        try {
            return Lower.status(status).getCount(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int statusElements(long[] status, int type) throws ManaException {
        try {
            return Lower.status(status).getElements(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean statusCancelled(long[] status) throws ManaException {
        try {
            return Lower.status(status).isCancelled();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }
}
