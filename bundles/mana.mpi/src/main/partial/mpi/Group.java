package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.GroupProvider;
import mana.core.vid.Vid;

/** An MPI Group; it holds a MANA handle, never a lower-half one. */
public final class Group {
    /** The MANA handle (see mana.core.vid.Vid); becomes the null handle when freed. */
    int vid;
    /** Open MPI's protected {@code handle}: the MANA handle as an unsigned value, kept equal to {@code vid}. */
    protected long handle;

    Group(int vid) {
        this.vid = vid;
        this.handle = ManaHandles.handleOf(vid);
    }

    /**
     * As in Open MPI: an object for the {@code handle} of a live group. Any other value gives an
     * object whose every use fails with MPI_ERR_GROUP.
     */
    protected Group(long handle) {
        this(ManaHandles.vidOf(handle, mana.core.vid.Kind.GROUP));
    }

    /** As in Open MPI: the handle of MPI_GROUP_EMPTY. */
    protected static long getEmpty() {
        return ManaHandles.handleOf(MPI.GROUP_EMPTY.vid);
    }

    private static GroupProvider group() {
        return FunctionTable.group();
    }

    public int getSize() throws MPIException {
        try {
            return group().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getRank() throws MPIException {
        try {
            return group().rank(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void free() throws MPIException {
        try {
            vid = group().free(vid);
            handle = ManaHandles.handleOf(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public boolean isNull() {
        return vid == Vid.NULL;
    }

    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        try {
            return group().translateRanks(group1.vid, ranks1, group2.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int compare(Group group1, Group group2) throws MPIException {
        try {
            return group().compare(group1.vid, group2.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Group union(Group group1, Group group2) throws MPIException {
        try {
            return new Group(group().union(group1.vid, group2.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Group intersection(Group group1, Group group2) throws MPIException {
        try {
            return new Group(group().intersection(group1.vid, group2.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Group difference(Group group1, Group group2) throws MPIException {
        try {
            return new Group(group().difference(group1.vid, group2.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Group incl(int[] ranks) throws MPIException {
        try {
            return new Group(group().incl(vid, ranks));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Group excl(int[] ranks) throws MPIException {
        try {
            return new Group(group().excl(vid, ranks));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Group rangeIncl(int[][] ranges) throws MPIException {
        try {
            return new Group(group().rangeIncl(vid, ranges));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Group rangeExcl(int[][] ranges) throws MPIException {
        try {
            return new Group(group().rangeExcl(vid, ranges));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }
}
