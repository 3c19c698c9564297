package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** A communicator; it holds a MANA handle, never a lower-half one. */
public class Comm {
    /** The MANA handle (see mana.core.vid.Vid); becomes the null handle when freed. */
    int vid;
    /** Set when {@link #free()} succeeded, so later use can say so. */
    boolean freed;
    /** The request of {@link #iDup()} (null otherwise), as in the raw binding. */
    Request request;
    /**
     * Open MPI's protected {@code handle}, for subclasses: here the MANA handle as an unsigned
     * value (never a lower-half one), kept equal to {@link #vid}. A subclass passes it to the
     * protected constructors and to {@link #dup(long)}; MANA itself reads only {@code vid}.
     */
    protected long handle;

    Comm(int vid) {
        this.vid = vid;
        this.handle = ManaHandles.handleOf(vid);
    }

    /** As in Open MPI: no communicator yet (every use fails with MPI_ERR_COMM), see {@link #setType}. */
    protected Comm() {
        this(mana.core.vid.Vid.NULL);
    }

    /**
     * As in Open MPI: a communicator object for {@code handle}, the {@code handle} of a live
     * communicator (both objects then name the same communicator). Any other value (forged,
     * freed, of another kind) gives an object whose every use fails with MPI_ERR_COMM.
     */
    protected Comm(long handle) {
        this(ManaHandles.vidOf(handle, mana.core.vid.Kind.COMM));
    }

    /** As in Open MPI: {@code {communicator, request}}, what {@link #iDup(long)} returns. */
    protected Comm(long[] commRequest) {
        this(ManaHandles.vidOf(commRequest[0], mana.core.vid.Kind.COMM));
        request = new Request(ManaHandles.vidOf(commRequest[1], mana.core.vid.Kind.REQUEST));
    }

    /** Sets {@link #vid} and the {@code handle} subclasses see. */
    final void setVid(int v) {
        vid = v;
        handle = ManaHandles.handleOf(v);
    }

    public final int getSize() throws MPIException {
        try {
            return FunctionTable.comm().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final int getRank() throws MPIException {
        try {
            return FunctionTable.comm().rank(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final void abort(int errorcode) throws MPIException {
        try {
            FunctionTable.env().abort(vid, errorcode);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
