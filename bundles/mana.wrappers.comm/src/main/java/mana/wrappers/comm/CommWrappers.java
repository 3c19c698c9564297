package mana.wrappers.comm;

import mana.core.error.ManaException;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;
import mana.core.fn.CommProvider;

/** Communicator queries and management. */
@Component(service = CommProvider.class)
public final class CommWrappers implements CommProvider {
    private static final int RANK = FunctionStats.id("MPI_Comm_rank");
    private static final int SIZE = FunctionStats.id("MPI_Comm_size");

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
}
