package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Integer constants of the API, copied from the lower half when the upper-half classes initialize. */
final class ManaConstants {

    static int intConstant(String qualifiedName) {
        try {
            return FunctionTable.env().intConstant(qualifiedName);
        } catch (ManaException e) {
            throw new IllegalStateException("MANA cannot read the constant " + qualifiedName
                    + " from the lower half: " + e.getMessage(), e);
        }
    }

    private ManaConstants() {
    }
}
