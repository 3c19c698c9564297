package mpi;

import java.nio.Buffer;
import mana.core.error.ManaException;
import mana.core.fn.FileProvider;
import mana.core.fn.FunctionTable;

/**
 * An MPI-IO file (area MPI-IO, bundle mana.wrappers.io); it holds a MANA handle. As in the raw
 * binding, the view the application set is kept here ({@link #getView()} returns its objects),
 * and closing leaves a handle that every later call rejects, saying the file was closed.
 */
public final class File {
    /** The MANA handle (see mana.core.vid.Vid); the null handle after close. */
    int vid;
    /** Set when {@link #close()} succeeded, so later use can say so. */
    boolean closed;
    private FileView view = new FileView(0, MPI.BYTE, MPI.BYTE, "native");

    private static FileProvider io() {
        return FunctionTable.file();
    }

    private File(int vid) {
        this.vid = vid;
        this.closed = vid == mana.core.vid.Vid.NULL;
    }

    /**
     * A file object read back from a checkpoint's application state. The engine reads the
     * state before it reopens the files, so the view is taken from the file's descriptor on
     * first use ({@link #getView()}), its datatypes as the objects the rest of the restored
     * state gets for those handles.
     */
    static File restored(int vid) {
        File f = new File(vid);
        f.view = null;
        return f;
    }

    private FileView restoredView() {
        try {
            if (!closed && mana.core.vid.Handles.TABLE.entry(vid, mana.core.vid.Kind.FILE).descriptor()
                    instanceof mana.core.desc.FileDescriptor d) {
                return new FileView(d.disp(), viewType(d.etype()), viewType(d.filetype()), d.datarep());
            }
        } catch (ManaException e) {
            // not a live file: the default view, and later calls report the bad handle
        }
        return new FileView(0, MPI.BYTE, MPI.BYTE, "native");
    }

    private static Datatype viewType(int vid) {
        return mana.core.vid.Vid.isPredefined(vid) ? Datatype.of(vid) : Datatype.restored(vid);
    }

    public File(Comm comm, String filename, int amode) throws MPIException {
        this(comm, filename, amode, MPI.INFO_NULL);
    }

    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        try {
            vid = io().open(comm.vid, filename, amode, info.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, null);
        }
    }

    public void close() throws MPIException {
        try {
            vid = io().close(vid);
            closed = true;
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public static void delete(String filename) throws MPIException {
        delete(filename, MPI.INFO_NULL);
    }

    public static void delete(String filename, Info info) throws MPIException {
        try {
            io().delete(filename, info.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, null);
        }
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        setView(disp, etype, filetype, datarep, MPI.INFO_NULL);
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        try {
            io().setView(vid, disp, etype.vid, filetype.vid, datarep, info.vid);
            view = new FileView(disp, etype, filetype, datarep);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public FileView getView() {
        if (view == null) {
            view = restoredView();
        }
        return view;
    }

    public Group getGroup() throws MPIException {
        try {
            return new Group(io().group(vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Info getInfo() throws MPIException {
        try {
            return new Info(io().info(vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void setInfo(Info info) throws MPIException {
        try {
            io().setInfo(vid, info.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        try {
            io().setErrhandler(vid, errhandler.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    /** A new Errhandler object each time, as in the raw binding. */
    public Errhandler getErrhandler() throws MPIException {
        try {
            return new Errhandler(io().errhandler(vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public int getTypeExtent(Datatype type) throws MPIException {
        try {
            return io().typeExtent(vid, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void setSize(long size) throws MPIException {
        try {
            io().setSize(vid, size);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void preallocate(long size) throws MPIException {
        try {
            io().preallocate(vid, size);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public long getSize() throws MPIException {
        try {
            return io().size(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public int getAMode() throws MPIException {
        try {
            return io().amode(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void seek(long offset, int whence) throws MPIException {
        try {
            io().seek(vid, offset, whence);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public long getPosition() throws MPIException {
        try {
            return io().position(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public long getByteOffset(long offset) throws MPIException {
        try {
            return io().byteOffset(vid, offset);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void seekShared(long offset, int whence) throws MPIException {
        try {
            io().seekShared(vid, offset, whence);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public long getPositionShared() throws MPIException {
        try {
            return io().positionShared(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void setAtomicity(boolean atomicity) throws MPIException {
        try {
            io().setAtomicity(vid, atomicity);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public boolean getAtomicity() throws MPIException {
        try {
            return io().atomicity(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void sync() throws MPIException {
        try {
            io().sync(vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void callErrhandler(int errorCode) throws MPIException {
        try {
            io().callErrhandler(vid, errorCode);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().readAt(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().readAtAll(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().writeAt(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().writeAtAll(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iReadAt(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iReadAtAll(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iWriteAt(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iWriteAtAll(vid, offset, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status read(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().read(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().readAll(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status write(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().write(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().writeAll(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().readShared(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().writeShared(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().readOrdered(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        try {
            return new Status(io().writeOrdered(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iRead(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iReadAll(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iWrite(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iWriteAll(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iReadShared(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        try {
            return new Request(io().iWriteShared(vid, buf, count, type.vid));
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            io().readAtAllBegin(vid, offset, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readAtAllEnd(Object buf) throws MPIException {
        try {
            long[] s = io().readAtAllEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        try {
            io().writeAtAllBegin(vid, offset, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeAtAllEnd(Object buf) throws MPIException {
        try {
            long[] s = io().writeAtAllEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        try {
            io().readAllBegin(vid, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readAllEnd(Object buf) throws MPIException {
        try {
            long[] s = io().readAllEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        try {
            io().writeAllBegin(vid, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeAllEnd(Object buf) throws MPIException {
        try {
            long[] s = io().writeAllEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        try {
            io().readOrderedBegin(vid, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status readOrderedEnd(Object buf) throws MPIException {
        try {
            long[] s = io().readOrderedEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        try {
            io().writeOrderedBegin(vid, buf, count, type.vid);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }

    public Status writeOrderedEnd(Object buf) throws MPIException {
        try {
            long[] s = io().writeOrderedEnd(vid, buf);
            return s == null ? null : new Status(s);
        } catch (ManaException e) {
            throw ManaFiles.of(e, this);
        }
    }
}
