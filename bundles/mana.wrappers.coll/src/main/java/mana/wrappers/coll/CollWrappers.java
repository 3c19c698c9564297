package mana.wrappers.coll;

import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.fn.CollProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import mpi.Op;
import org.osgi.service.component.annotations.Component;

/**
 * Collective operations. Each one advances the communicator's collective clock before the
 * lower-half call (the Java form of MANA's commit_begin), inside the checkpoint gate.
 */
@Component(service = CollProvider.class)
public final class CollWrappers implements CollProvider {
    private static final int BARRIER = FunctionStats.id("MPI_Barrier");
    private static final int BCAST = FunctionStats.id("MPI_Bcast");
    private static final int REDUCE = FunctionStats.id("MPI_Reduce");
    private static final int ALLREDUCE = FunctionStats.id("MPI_Allreduce");

    private static mpi.Comm begin(int comm) throws ManaException {
        mpi.Comm c = Lower.comm(comm);
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null) {
            d.beginCollective();
        }
        return c;
    }

    private static Op op(int op) throws ManaException {
        return (Op) Handles.lower(op, Kind.OP);
    }

    @Override
    public void barrier(int comm) throws ManaException {
        FunctionStats.count(BARRIER);
        CheckpointGate.enter();
        try {
            begin(comm).barrier();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void bcast(int comm, Object buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(BCAST);
        CheckpointGate.enter();
        try {
            mpi.Datatype t = Lower.type(type);
            begin(comm).bcast(buf, count, t, root);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void reduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op, int root)
            throws ManaException {
        FunctionStats.count(REDUCE);
        CheckpointGate.enter();
        try {
            mpi.Datatype t = Lower.type(type);
            Op o = op(op);
            mpi.Comm c = begin(comm);
            if (sendbuf == null) {
                c.reduce(recvbuf, count, t, o, root);
            } else {
                c.reduce(sendbuf, recvbuf, count, t, o, root);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void allReduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op)
            throws ManaException {
        FunctionStats.count(ALLREDUCE);
        CheckpointGate.enter();
        try {
            mpi.Datatype t = Lower.type(type);
            Op o = op(op);
            mpi.Comm c = begin(comm);
            if (sendbuf == null) {
                c.allReduce(recvbuf, count, t, o);
            } else {
                c.allReduce(sendbuf, recvbuf, count, t, o);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }
}
