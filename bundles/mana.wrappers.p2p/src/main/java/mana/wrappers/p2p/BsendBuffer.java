package mana.wrappers.p2p;

import mana.core.desc.Descriptor;
import mana.core.desc.Sequence;
import mana.core.vid.Kind;

/**
 * The buffer attached for buffered sends ({@code MPI.attachBuffer}), as a descriptor: a restart
 * attaches it again, so buffered sends after the restart work as they did before the cut. The
 * array itself goes into the checkpoint's object stream with the application's state, so the
 * array {@code MPI.detachBuffer()} returns after a restart is the one the restored state holds
 * (its contents are MPI's bookkeeping and are not meaningful to the application).
 */
final class BsendBuffer implements Descriptor {
    /** The attached buffer, or null. Written inside the attach and detach wrappers. */
    private static volatile BsendBuffer attached;

    private final long sequence;
    private final int size;
    private byte[] array;

    BsendBuffer(long sequence, int size, byte[] array) {
        this.sequence = sequence;
        this.size = size;
        this.array = array;
    }

    /** After a successful lower-half attach. */
    static void attached(byte[] array) {
        attached = new BsendBuffer(Sequence.next(), array.length, array);
    }

    /** After a successful lower-half detach. */
    static void detached() {
        attached = null;
    }

    /** At a restart, once the lower half has the buffer again. */
    static void restored(BsendBuffer b) {
        attached = b;
    }

    static BsendBuffer current() {
        return attached;
    }

    int size() {
        return size;
    }

    byte[] array() {
        return array;
    }

    void bind(byte[] restored) {
        this.array = restored;
    }

    @Override
    public int kind() {
        return Kind.BSEND_BUFFER;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public String summary() {
        return "buffer attached for buffered sends, " + size + " bytes";
    }
}
