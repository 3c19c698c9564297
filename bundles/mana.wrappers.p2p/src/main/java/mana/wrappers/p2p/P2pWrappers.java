package mana.wrappers.p2p;

import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;
import mana.core.fn.P2pProvider;
import mpi.Status;

/**
 * Point-to-point wrappers. Each one follows the wrapper rules: count the call, enter the
 * checkpoint gate, translate every handle, call the lower half, update the upper-half state
 * (message counters, request log), leave the gate.
 */
@Component(service = P2pProvider.class)
public final class P2pWrappers implements P2pProvider {
    private static final int SEND = FunctionStats.id("MPI_Send");
    private static final int RECV = FunctionStats.id("MPI_Recv");
    private static final int GET_COUNT = FunctionStats.id("MPI_Get_count");
    private static final int GET_ELEMENTS = FunctionStats.id("MPI_Get_elements");
    private static final int TEST_CANCELLED = FunctionStats.id("MPI_Test_cancelled");

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
