package mana.wrappers.coll;

import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;
import mana.core.fn.CollProvider;

/** Collective operations; each advances the communicator's collective clock before the lower-half call. */
@Component(service = CollProvider.class)
public final class CollWrappers implements CollProvider {
    private static final int BARRIER = FunctionStats.id("MPI_Barrier");

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
}
