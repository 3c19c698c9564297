package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * The protected members through which Open MPI's subclasses of Comm make communicators from
 * handles ({@code new MyComm(dup(handle))}). Handles are MANA handles (see {@link #handle}).
 */
public class Comm {
    /** {@link #setType} argument for MPI_COMM_SELF, as in Open MPI. */
    protected static final int SELF = 1;
    /** {@link #setType} argument for MPI_COMM_WORLD, as in Open MPI. */
    protected static final int WORLD = 2;

    /** As in Open MPI: this object becomes MPI_COMM_SELF ({@link #SELF}) or MPI_COMM_WORLD ({@link #WORLD}). */
    protected final void setType(int type) {
        if (type == SELF) {
            setVid(Predefined.handle(Kind.COMM, "COMM_SELF"));
        } else if (type == WORLD) {
            setVid(Predefined.handle(Kind.COMM, "COMM_WORLD"));
        }
    }

    /** MPI_Comm_dup of the communicator {@code comm} names; the new communicator's handle. */
    protected final long dup(long comm) throws MPIException {
        try {
            return ManaHandles.handleOf(FunctionTable.comm().dup(ManaHandles.vidOf(comm, Kind.COMM)));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    /** MPI_Comm_dup_with_info; the new communicator's handle. */
    protected final long dupWithInfo(long comm, long info) throws MPIException {
        try {
            return ManaHandles.handleOf(FunctionTable.comm().dupWithInfo(
                    ManaHandles.vidOf(comm, Kind.COMM), ManaHandles.vidOf(info, Kind.INFO)));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    /** MPI_Comm_idup: {@code {communicator, request}}, for the {@code Comm(long[])} constructor. */
    protected final long[] iDup(long comm) throws MPIException {
        try {
            int c = FunctionTable.comm().iDup(ManaHandles.vidOf(comm, Kind.COMM));
            return new long[] {ManaHandles.handleOf(c), ManaHandles.handleOf(ManaComms.completedRequest().vid)};
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
