package mana.wrappers.types;

import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.wrappers.base.Lower;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/** Datatype and operation wrappers. */
@Component(service = TypeProvider.class)
public final class TypeWrappers implements TypeProvider {
    private static final int SIZE = FunctionStats.id("MPI_Type_size");

    @Override
    public int size(int type) throws ManaException {
        FunctionStats.count(SIZE);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getSize();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }
}
