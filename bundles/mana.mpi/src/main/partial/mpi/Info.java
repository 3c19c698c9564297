package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.InfoProvider;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * An MPI Info; it holds a MANA handle, never a lower-half one. As in the raw binding, freeing
 * it leaves it equal to INFO_NULL ({@link #isNull()} is true).
 */
public final class Info {
    static final int NULL_VID = Predefined.handle(Kind.INFO, "INFO_NULL");

    /** The MANA handle (see mana.core.vid.Vid). */
    int vid;
    /** Open MPI's protected {@code handle}: the MANA handle as an unsigned value, kept equal to {@code vid}. */
    protected long handle;

    Info(int vid) {
        this.vid = vid;
        this.handle = ManaHandles.handleOf(vid);
    }

    /**
     * As in Open MPI: an object for the {@code handle} of a live info. Any other value gives an
     * object whose every use fails with MPI_ERR_INFO.
     */
    protected Info(long handle) {
        this(ManaHandles.vidOf(handle, mana.core.vid.Kind.INFO));
    }

    /** As in Open MPI: a new object for MPI_INFO_ENV. */
    protected static Info newEnv() {
        return new Info(MPI.INFO_ENV.vid);
    }

    private static InfoProvider info() {
        return FunctionTable.info();
    }

    public Info() throws MPIException {
        try {
            vid = info().create();
            handle = ManaHandles.handleOf(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void set(String key, String value) throws MPIException {
        try {
            info().set(vid, key, value);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public String get(String key) throws MPIException {
        try {
            return info().get(vid, key);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void delete(String key) throws MPIException {
        try {
            info().delete(vid, key);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int size() throws MPIException {
        try {
            return info().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public String getKey(int i) throws MPIException {
        try {
            return info().key(vid, i);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    @Override
    public Info clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    public Info dup() throws MPIException {
        try {
            return new Info(info().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    @Override
    public void free() throws MPIException {
        try {
            vid = info().free(vid);
            handle = ManaHandles.handleOf(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public boolean isNull() {
        return vid == NULL_VID;
    }
}
