package mana.wrappers.base;

import mana.core.desc.Descriptor;
import mana.core.desc.Sequence;
import mana.core.vid.Kind;

/**
 * The descriptor of a message handle ({@code MPI_Mprobe}, {@code MPI_Improbe}): a message
 * matched but not yet received. Its envelope is known from the probe; its bytes only once a
 * checkpoint has received it into the drain buffer ({@link #data()}, null until then), from
 * where the application's {@code mRecv} takes it, before or after a restart.
 */
public final class MatchedMessage implements Descriptor {
    private final long sequence;
    private final int comm;
    private final int source;
    private final int tag;
    private final int bytes;
    private byte[] data;

    /** A message just matched in the lower half: its envelope and size in bytes from the probe's status. */
    public MatchedMessage(int comm, int source, int tag, int bytes) {
        this(Sequence.next(), comm, source, tag, bytes, null);
    }

    /** A message whose bytes MANA holds (a drained message matched, or one loaded from a checkpoint). */
    public MatchedMessage(long sequence, int comm, int source, int tag, int bytes, byte[] data) {
        this.sequence = sequence;
        this.comm = comm;
        this.source = source;
        this.tag = tag;
        this.bytes = bytes;
        this.data = data;
    }

    public int comm() {
        return comm;
    }

    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    /** The message's size in bytes. */
    public int bytes() {
        return bytes;
    }

    /** The message's bytes once MANA received it (at a checkpoint), else null. */
    public byte[] data() {
        return data;
    }

    void received(byte[] data) {
        this.data = data;
    }

    @Override
    public int kind() {
        return Kind.MESSAGE;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public String summary() {
        return "matched message from rank " + source + ", tag " + tag + ", " + bytes + " bytes"
                + (data != null ? ", held by MANA" : ", not yet received");
    }
}
