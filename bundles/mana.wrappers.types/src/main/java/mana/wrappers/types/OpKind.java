package mana.wrappers.types;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.OpDescriptor;
import mana.core.desc.RestoredUserOp;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;
import mana.core.vid.Kind;
import mpi.Op;
import org.osgi.service.component.annotations.Component;

/**
 * The user-defined operation kind: an op is the upper half's function object and whether it
 * commutes; a rebuild makes a new lower-half Op calling the same function (Open MPI makes the
 * MPI_Op when a reduction first uses it). The function object itself travels in the checkpoint
 * engine's object stream, next to the application's state.
 */
@Component(service = DescriptorKind.class)
public final class OpKind implements DescriptorKind {
    static final int FORMAT = 1;

    @Override
    public int kind() {
        return Kind.OP;
    }

    @Override
    public String name() {
        return "op";
    }

    @Override
    public int restoreOrder() {
        return ORDER_OP;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        return OpDescriptor.live();
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        OpDescriptor d = (OpDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeBoolean(d.commute());
        Object f = d.userFunction() instanceof TypeProvider.UserOp u ? u.function() : d.userFunction();
        out.writeUTF(f == null ? "" : f.getClass().getName());
    }

    /**
     * Reads one op back. The function object is not in this record: the checkpoint engine saves
     * it in the application-state object stream (so its identity is shared with the state) and
     * binds the {@link RestoredUserOp} to it once that stream is read back.
     */
    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("op descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        boolean commute = in.readBoolean();
        String functionClass = in.readUTF();
        return new OpDescriptor(sequence, new RestoredUserOp(sequence, functionClass), commute);
    }

    @Override
    public String unsupportedReason(Descriptor descriptor) {
        OpDescriptor d = (OpDescriptor) descriptor;
        if (!(d.userFunction() instanceof TypeProvider.UserOp u) || u.function() == null) {
            return "op #" + d.sequence() + " has no user function object MANA can save";
        }
        return null;
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        OpDescriptor d = (OpDescriptor) descriptor;
        if (!(d.userFunction() instanceof TypeProvider.UserOp u)) {
            throw ManaException.of(ErrorClass.OP, "op #" + d.sequence() + ": its user function ("
                    + d.userFunction() + ") is not in this process; MANA cannot make the op again");
        }
        Op op = new Op(new Forwarder(u), d.commute());
        d.setLower(op);
        return op;
    }

}
