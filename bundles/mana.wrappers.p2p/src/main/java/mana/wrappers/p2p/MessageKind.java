package mana.wrappers.p2p;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.SavedInput;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import mana.wrappers.base.Drained;
import mana.wrappers.base.MatchedMessage;
import org.osgi.service.component.annotations.Component;

/**
 * The message kind: messages matched by {@code mProbe}/{@code imProbe} and not yet received.
 * At the cut each rank receives them into MANA's hands ({@link Drained#receiveMatched}): they
 * have left MPI's matching, so neither the drain nor a restart could reach them otherwise. A
 * checkpoint saves their envelope and bytes; a restart binds each handle to its bytes again,
 * and the application's {@code mRecv} or {@code imRecv} receives from there. Local: no
 * communication at the rebuild.
 */
@Component(service = DescriptorKind.class)
public final class MessageKind implements DescriptorKind {
    static final int FORMAT = 1;
    /** After communicators (a message names one); before requests. */
    static final int ORDER_MESSAGE = ORDER_REQUEST - 50;

    @Override
    public int kind() {
        return Kind.MESSAGE;
    }

    @Override
    public String name() {
        return "message";
    }

    @Override
    public int restoreOrder() {
        return ORDER_MESSAGE;
    }

    @Override
    public void atCut() throws ManaException {
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.MESSAGE && e.lower() instanceof mpi.Message m
                    && e.descriptor() instanceof MatchedMessage d) {
                Drained.receiveMatched(e.vid(), m, d);
            }
        }
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.MESSAGE && e.descriptor() instanceof MatchedMessage d) {
                out.add(d);
            }
        }
        return out;
    }

    @Override
    public String unsupportedReason(Descriptor descriptor) {
        return null; // every matched message is received at the cut
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        MatchedMessage d = (MatchedMessage) descriptor;
        if (d.data() == null) {
            throw new IOException("matched message #" + d.sequence() + " was not received at the cut");
        }
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeInt(d.comm());
        out.writeInt(d.source());
        out.writeInt(d.tag());
        out.writeInt(d.data().length);
        out.write(d.data());
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("message descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        int comm = in.readInt();
        int source = in.readInt();
        int tag = in.readInt();
        byte[] data = new byte[SavedInput.count(in, 1, "message byte")];
        in.readFully(data);
        return new MatchedMessage(sequence, comm, source, tag, data.length, data);
    }

    @Override
    public Object rebuild(Descriptor descriptor) {
        return Drained.restoreMatched((MatchedMessage) descriptor);
    }
}
