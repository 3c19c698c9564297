package mana.core.desc;

import java.nio.ByteBuffer;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;

/**
 * The user function of an op read back from a checkpoint. The op is rebuilt with this object;
 * the checkpoint engine binds it to the application's function once the saved application
 * state (which holds the function object) is read back.
 */
public final class RestoredUserOp implements TypeProvider.UserOp {
    private final long sequence;
    private final String functionClass;
    private volatile TypeProvider.UserOp bound;

    public RestoredUserOp(long sequence, String functionClass) {
        this.sequence = sequence;
        this.functionClass = functionClass;
    }

    public long sequence() {
        return sequence;
    }

    public String functionClass() {
        return functionClass;
    }

    public void bind(TypeProvider.UserOp op) {
        bound = op;
    }

    public boolean isBound() {
        return bound != null;
    }

    private TypeProvider.UserOp op() throws ManaException {
        TypeProvider.UserOp b = bound;
        if (b == null) {
            throw ManaException.of(ErrorClass.OP, "MANA: the user function (" + functionClass + ") of op #" + sequence
                    + " was not read back from the checkpoint");
        }
        return b;
    }

    @Override
    public Object function() {
        TypeProvider.UserOp b = bound;
        return b == null ? null : b.function();
    }

    @Override
    public void call(Object inVec, Object inOutVec, int count, int type) throws ManaException {
        op().call(inVec, inOutVec, count, type);
    }

    @Override
    public void call(ByteBuffer in, ByteBuffer inOut, int count, int type) throws ManaException {
        op().call(in, inOut, count, type);
    }
}
