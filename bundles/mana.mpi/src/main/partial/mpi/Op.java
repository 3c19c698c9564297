package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
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

    /** Open MPI's codes of the predefined operations ({@code new Op(3)} is SUM there). */
    private static final String[] PREDEFINED_CODES = {null, "MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR",
        "BOR", "LXOR", "BXOR", "MINLOC", "MAXLOC", "REPLACE", "NO_OP"};

    /**
     * As in Open MPI: the predefined operation with code {@code type} (1 MAX ... 14 NO_OP). Any
     * other code gives an op that is not null and whose every use fails with MPI_ERR_OP.
     */
    protected Op(int type) {
        this(type > 0 && type < PREDEFINED_CODES.length ? Predefined.handle(Kind.OP, PREDEFINED_CODES[type])
                : Vid.make(Kind.OP, Vid.GENERATIONS - 1, Vid.MAX_SLOT), null);
    }

    /** An op object for a MANA handle (the constants, a restored op). */
    private Op(int vid, Void byHandle) {
        this.vid = vid;
        this.uf = null;
        this.commute = true;
    }

    static Op ofHandle(int vid) {
        return new Op(vid, null);
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
