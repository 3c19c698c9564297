package mana.wrappers.p2p;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Kind;
import mana.wrappers.base.Lower;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * The bsend buffer kind: at most one descriptor, the buffer attached at the cut. Saved as its
 * size (the array travels in the object stream); rebuilt by attaching the restored array to
 * the new lower half, which is local (no communication).
 */
@Component(service = DescriptorKind.class)
public final class BsendBufferKind implements DescriptorKind {
    static final int FORMAT = 1;
    /** After communicators, groups, datatypes and ops; before files and requests: it depends on nothing. */
    static final int ORDER_BSEND_BUFFER = ORDER_OP + 50;

    @Override
    public int kind() {
        return Kind.BSEND_BUFFER;
    }

    @Override
    public String name() {
        return "bsend-buffer";
    }

    @Override
    public int restoreOrder() {
        return ORDER_BSEND_BUFFER;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        BsendBuffer b = BsendBuffer.current();
        return b == null ? List.of() : List.of(b);
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        BsendBuffer b = (BsendBuffer) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(b.sequence());
        out.writeInt(b.size());
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("bsend buffer descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        int size = in.readInt();
        if (size < 0) {
            throw new IOException("bad bsend buffer size " + size);
        }
        return new BsendBuffer(sequence, size, null);
    }

    @Override
    public List<Object> objects(Descriptor descriptor) {
        return List.of(((BsendBuffer) descriptor).array());
    }

    @Override
    public void bindObjects(Descriptor descriptor, List<Object> objects) {
        if (objects.size() == 1 && objects.get(0) instanceof byte[] a) {
            ((BsendBuffer) descriptor).bind(a);
        }
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        BsendBuffer b = (BsendBuffer) descriptor;
        byte[] a = b.array();
        if (a == null || a.length != b.size()) {
            throw ManaException.of(ErrorClass.INTERN, "the checkpoint's bsend buffer of " + b.size()
                    + " bytes is missing from its object stream" + (a == null ? "" : " (found " + a.length + " bytes)"));
        }
        try {
            MPI.attachBuffer(a);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        BsendBuffer.restored(b);
        return a;
    }
}
