package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.vid.Vid;

/**
 * An MPI reduction operation; it holds a MANA handle, never a lower-half one. A user-defined
 * op is a virtual handle made by mana.wrappers.types; the lower half's reductions call the
 * user's function back through it (arrays or ByteBuffers, and the datatype's handle).
 */
public final class Op implements Freeable {
    /** The MANA handle (see mana.core.vid.Vid); the null handle after free. */
    int vid;
    final UserFunction uf;
    private boolean commute;
    private Datatype datatype;

    protected Op(int vid) {
        this.vid = vid;
        this.uf = null;
        this.commute = true;
    }

    public Op(UserFunction function, boolean commute) {
        this.uf = function;
        this.commute = commute;
        try {
            this.vid = FunctionTable.type().opCreate(new ManaUserOp(function), commute);
        } catch (ManaException e) {
            if (e.errorClass() == ErrorClass.UNSUPPORTED_OPERATION) {
                throw new UnsupportedOperationException(e.getMessage(), e);
            }
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    protected void setDatatype(Datatype t) {
        datatype = t;
    }

    /** As in Open MPI (the lower half calls its own Op; this is the same logic for the upper half's object). */
    protected void call(Object invec, Object inoutvec, int count) throws MPIException {
        if (datatype.baseType() == Datatype.BOOLEAN) {
            uf.call(invec, inoutvec, count, datatype);
        } else {
            uf.call(((ByteBuffer) invec).order(ByteOrder.nativeOrder()),
                    ((ByteBuffer) inoutvec).order(ByteOrder.nativeOrder()), count, datatype);
        }
    }

    public boolean isCommutative() {
        return commute;
    }

    @Override
    public void free() throws MPIException {
        try {
            vid = FunctionTable.type().opFree(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public boolean isNull() {
        int v = vid;
        if (v == Vid.NULL) {
            return true;
        }
        try {
            return FunctionTable.type().opIsNull(v);
        } catch (ManaException e) {
            // not a live op (a forged value): not the null op either; every use fails with MPI_ERR_OP
            return false;
        }
    }
}
