package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** The status of a completed operation: a copy of the lower half's fields. */
public final class Status {
    /** source, tag, error, cancelled, ucount, index: the layout of Open MPI's Status. */
    final long[] data;

    protected Status() {
        data = new long[6];
    }

    Status(long[] data) {
        this.data = data;
    }

    public int getSource() {
        return (int) data[0];
    }

    public int getTag() {
        return (int) data[1];
    }

    public int getError() {
        return (int) data[2];
    }

    public int getIndex() {
        return (int) data[5];
    }

    public int getCount(Datatype datatype) throws MPIException {
        try {
            return FunctionTable.p2p().statusCount(data, datatype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getElements(Datatype datatype) throws MPIException {
        try {
            return FunctionTable.p2p().statusElements(data, datatype.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public boolean isCancelled() throws MPIException {
        try {
            return FunctionTable.p2p().statusCancelled(data);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Count getElementsX(Datatype datatype) throws MPIException {
        try {
            return new Count(FunctionTable.p2p().statusElementsX(data, datatype.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void setElements(Datatype datatype, int count) throws MPIException {
        try {
            data[4] = FunctionTable.p2p().statusSetElements(data, datatype.vid, count);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        try {
            data[4] = FunctionTable.p2p().statusSetElementsX(data, datatype.vid, count.getCount());
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void setCancelled(boolean flag) throws MPIException {
        try {
            FunctionTable.p2p().statusSetCancelled(data, flag);
            data[3] = flag ? 1 : 0;
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
