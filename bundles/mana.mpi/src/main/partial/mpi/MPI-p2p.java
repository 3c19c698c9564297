package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** The buffer of buffered sends (area p2p, bundle mana.wrappers.p2p). */
public final class MPI {
    public static void attachBuffer(byte[] buffer) throws MPIException {
        try {
            FunctionTable.p2p().attachBuffer(buffer);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static byte[] detachBuffer() throws MPIException {
        try {
            return FunctionTable.p2p().detachBuffer();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
