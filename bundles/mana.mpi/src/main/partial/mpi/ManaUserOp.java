package mpi;

import java.nio.ByteBuffer;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;

/**
 * The upper half's side of a user-defined operation: the lower half's reduction calls it back
 * (through mana.wrappers.types) with the data and the datatype's handle; it calls the
 * application's UserFunction with the application's Datatype object.
 */
final class ManaUserOp implements TypeProvider.UserOp {
    private final UserFunction function;

    ManaUserOp(UserFunction function) {
        this.function = function;
    }

    @Override
    public Object function() {
        return function;
    }

    @Override
    public void call(Object inVec, Object inOutVec, int count, int type) throws ManaException {
        try {
            function.call(inVec, inOutVec, count, Datatype.of(type));
        } catch (MPIException e) {
            throw new ManaException(e.getErrorCode(), e.getErrorClass(), e.getMessage(), e);
        }
    }

    @Override
    public void call(ByteBuffer in, ByteBuffer inOut, int count, int type) throws ManaException {
        try {
            function.call(in, inOut, count, Datatype.of(type));
        } catch (MPIException e) {
            throw new ManaException(e.getErrorCode(), e.getErrorClass(), e.getMessage(), e);
        }
    }
}
