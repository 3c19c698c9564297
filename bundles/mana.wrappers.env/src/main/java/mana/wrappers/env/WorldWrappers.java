package mana.wrappers.env;

import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.fn.CollProvider;
import mana.core.fn.CommProvider;
import mana.core.fn.P2pProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mpi.MPIException;
import mpi.Status;
import org.osgi.service.component.annotations.Component;

/**
 * The first communicator functions: rank, size, barrier and blocking send/recv. Each one
 * follows the wrapper rules: enter the checkpoint gate, translate every handle, call the
 * lower half, update the upper-half state (message counters, collective clock), leave.
 * The dedicated wrapper bundles (p2p, comm, coll) take over when installed: the function
 * table prefers the most recently started provider.
 */
@Component(service = {CommProvider.class, P2pProvider.class, CollProvider.class})
public final class WorldWrappers implements CommProvider, P2pProvider, CollProvider {
    private static final int RANK = FunctionStats.id("MPI_Comm_rank");
    private static final int SIZE = FunctionStats.id("MPI_Comm_size");
    private static final int BARRIER = FunctionStats.id("MPI_Barrier");
    private static final int SEND = FunctionStats.id("MPI_Send");
    private static final int RECV = FunctionStats.id("MPI_Recv");
    private static final int GET_COUNT = FunctionStats.id("MPI_Get_count");
    private static final int GET_ELEMENTS = FunctionStats.id("MPI_Get_elements");
    private static final int TEST_CANCELLED = FunctionStats.id("MPI_Test_cancelled");

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

    @Override
    public void barrier(int comm) throws ManaException {
        FunctionStats.count(BARRIER);
        CheckpointGate.enter();
        try {
            mpi.Comm c = Lower.comm(comm);
            CommDescriptor d = Lower.commDescriptor(comm);
            if (d != null) {
                d.beginCollective();
            }
            c.barrier();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void send(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(SEND);
        CheckpointGate.enter();
        try {
            mpi.Comm c = Lower.comm(comm);
            c.send(buf, count, Lower.type(type), dest, tag);
            CommDescriptor d = Lower.commDescriptor(comm);
            if (d != null) {
                d.countSent(dest);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException {
        FunctionStats.count(RECV);
        CheckpointGate.enter();
        try {
            mpi.Comm c = Lower.comm(comm);
            Status s = c.recv(buf, count, Lower.type(type), source, tag);
            CommDescriptor d = Lower.commDescriptor(comm);
            if (d != null) {
                d.countReceived(s.getSource());
            }
            return Lower.statusData(s);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int statusCount(long[] status, int type) throws ManaException {
        FunctionStats.count(GET_COUNT);
        try {
            return Lower.status(status).getCount(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int statusElements(long[] status, int type) throws ManaException {
        FunctionStats.count(GET_ELEMENTS);
        try {
            return Lower.status(status).getElements(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean statusCancelled(long[] status) throws ManaException {
        FunctionStats.count(TEST_CANCELLED);
        try {
            return Lower.status(status).isCancelled();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }
}
