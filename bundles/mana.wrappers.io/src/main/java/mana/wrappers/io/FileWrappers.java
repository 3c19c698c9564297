package mana.wrappers.io;

import java.nio.Buffer;
import mana.core.desc.Descriptor;
import mana.core.desc.FileDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.FileProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.wrappers.base.Args;
import mana.wrappers.base.ArrayArgs;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mana.wrappers.base.Requests;
import mpi.Datatype;
import mpi.Errhandler;
import mpi.File;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
import org.osgi.service.component.annotations.Component;

/**
 * MPI-IO wrappers. A file is a virtual handle with a {@link FileDescriptor}: what it was opened
 * with, its view, atomicity and errhandler as the application set them, and (refreshed by
 * {@link FileKind#beforeCheckpoint()}) its pointers and size. Buffers are checked before the
 * lower half sees them ({@link #checkBuffer}); non-blocking calls return virtual requests that
 * the request wrappers complete.
 */
@Component(service = FileProvider.class)
public final class FileWrappers implements FileProvider {
    static final int BYTE = Predefined.handle(Kind.DATATYPE, "BYTE");

    private static final int OPEN = FunctionStats.id("MPI_File_open");
    private static final int CLOSE = FunctionStats.id("MPI_File_close");
    private static final int DELETE = FunctionStats.id("MPI_File_delete");
    private static final int SET_SIZE = FunctionStats.id("MPI_File_set_size");
    private static final int PREALLOCATE = FunctionStats.id("MPI_File_preallocate");
    private static final int GET_SIZE = FunctionStats.id("MPI_File_get_size");
    private static final int GET_GROUP = FunctionStats.id("MPI_File_get_group");
    private static final int GET_AMODE = FunctionStats.id("MPI_File_get_amode");
    private static final int SET_INFO = FunctionStats.id("MPI_File_set_info");
    private static final int GET_INFO = FunctionStats.id("MPI_File_get_info");
    private static final int SET_VIEW = FunctionStats.id("MPI_File_set_view");
    private static final int READ_AT = FunctionStats.id("MPI_File_read_at");
    private static final int READ_AT_ALL = FunctionStats.id("MPI_File_read_at_all");
    private static final int WRITE_AT = FunctionStats.id("MPI_File_write_at");
    private static final int WRITE_AT_ALL = FunctionStats.id("MPI_File_write_at_all");
    private static final int IREAD_AT = FunctionStats.id("MPI_File_iread_at");
    private static final int IREAD_AT_ALL = FunctionStats.id("MPI_File_iread_at_all");
    private static final int IWRITE_AT = FunctionStats.id("MPI_File_iwrite_at");
    private static final int IWRITE_AT_ALL = FunctionStats.id("MPI_File_iwrite_at_all");
    private static final int READ = FunctionStats.id("MPI_File_read");
    private static final int READ_ALL = FunctionStats.id("MPI_File_read_all");
    private static final int WRITE = FunctionStats.id("MPI_File_write");
    private static final int WRITE_ALL = FunctionStats.id("MPI_File_write_all");
    private static final int IREAD = FunctionStats.id("MPI_File_iread");
    private static final int IREAD_ALL = FunctionStats.id("MPI_File_iread_all");
    private static final int IWRITE = FunctionStats.id("MPI_File_iwrite");
    private static final int IWRITE_ALL = FunctionStats.id("MPI_File_iwrite_all");
    private static final int SEEK = FunctionStats.id("MPI_File_seek");
    private static final int GET_POSITION = FunctionStats.id("MPI_File_get_position");
    private static final int GET_BYTE_OFFSET = FunctionStats.id("MPI_File_get_byte_offset");
    private static final int READ_SHARED = FunctionStats.id("MPI_File_read_shared");
    private static final int WRITE_SHARED = FunctionStats.id("MPI_File_write_shared");
    private static final int IREAD_SHARED = FunctionStats.id("MPI_File_iread_shared");
    private static final int IWRITE_SHARED = FunctionStats.id("MPI_File_iwrite_shared");
    private static final int READ_ORDERED = FunctionStats.id("MPI_File_read_ordered");
    private static final int WRITE_ORDERED = FunctionStats.id("MPI_File_write_ordered");
    private static final int SEEK_SHARED = FunctionStats.id("MPI_File_seek_shared");
    private static final int GET_POSITION_SHARED = FunctionStats.id("MPI_File_get_position_shared");
    private static final int READ_AT_ALL_BEGIN = FunctionStats.id("MPI_File_read_at_all_begin");
    private static final int READ_AT_ALL_END = FunctionStats.id("MPI_File_read_at_all_end");
    private static final int WRITE_AT_ALL_BEGIN = FunctionStats.id("MPI_File_write_at_all_begin");
    private static final int WRITE_AT_ALL_END = FunctionStats.id("MPI_File_write_at_all_end");
    private static final int READ_ALL_BEGIN = FunctionStats.id("MPI_File_read_all_begin");
    private static final int READ_ALL_END = FunctionStats.id("MPI_File_read_all_end");
    private static final int WRITE_ALL_BEGIN = FunctionStats.id("MPI_File_write_all_begin");
    private static final int WRITE_ALL_END = FunctionStats.id("MPI_File_write_all_end");
    private static final int READ_ORDERED_BEGIN = FunctionStats.id("MPI_File_read_ordered_begin");
    private static final int READ_ORDERED_END = FunctionStats.id("MPI_File_read_ordered_end");
    private static final int WRITE_ORDERED_BEGIN = FunctionStats.id("MPI_File_write_ordered_begin");
    private static final int WRITE_ORDERED_END = FunctionStats.id("MPI_File_write_ordered_end");
    private static final int GET_TYPE_EXTENT = FunctionStats.id("MPI_File_get_type_extent");
    private static final int SET_ATOMICITY = FunctionStats.id("MPI_File_set_atomicity");
    private static final int GET_ATOMICITY = FunctionStats.id("MPI_File_get_atomicity");
    private static final int SYNC = FunctionStats.id("MPI_File_sync");
    private static final int SET_ERRHANDLER = FunctionStats.id("MPI_File_set_errhandler");
    private static final int GET_ERRHANDLER = FunctionStats.id("MPI_File_get_errhandler");
    private static final int CALL_ERRHANDLER = FunctionStats.id("MPI_File_call_errhandler");

    @FunctionalInterface
    interface Body<T> {
        T run() throws MPIException, ManaException;
    }

    private static <T> T call(int id, Body<T> body) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.enter();
        try {
            return body.run();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    /** A blocking data call on the lower file: buffer, count, datatype -> status. */
    @FunctionalInterface
    interface Access {
        Status run(File f, Object buf, int count, Datatype type) throws MPIException;
    }

    /**
     * What the raw binding would hand MPI unchecked: a null buffer or one that is not a buffer, a
     * direct buffer shorter than the call (MPI would read or write past its end), an array with
     * a derived type that its JNI copy does not bound. A short array with a predefined type goes
     * to the lower half, which throws ArrayIndexOutOfBoundsException as the raw binding does.
     */
    private static void checkBuffer(Object buf, int count, int type) throws ManaException {
        Args.buffer(buf, count, "buf");
        Args.fits(buf, count, type, "buf");
        ArrayArgs.fits(buf, count, type, "buf");
    }

    private static long[] access(int id, int file, Object buf, int count, int type, Access a) throws ManaException {
        return call(id, () -> {
            File f = file(file);
            Datatype t = Lower.committedType(type);
            checkBuffer(buf, count, type);
            return Lower.statusData(a.run(f, buf, count, t));
        });
    }

    /** A non-blocking data call: the lower request gets a virtual handle. */
    @FunctionalInterface
    interface Start {
        Request run(File f, Buffer buf, int count, Datatype type) throws MPIException;
    }

    private static int start(int id, int file, Buffer buf, int count, int type, Start s) throws ManaException {
        return call(id, () -> {
            File f = file(file);
            Datatype t = Lower.committedType(type);
            if (buf == null) {
                throw ManaException.of(ErrorClass.BUFFER, "invalid buffer: buf is null");
            }
            Args.fits(buf, count, type, "buf");
            // a heap buffer: the lower half rejects it as the raw binding does (IllegalArgumentException)
            return Requests.create(s.run(f, buf, count, t));
        });
    }

    /** The Begin half of a split collective (the lower file keeps the status for End). */
    @FunctionalInterface
    interface Begin {
        void run(File f, Object buf, int count, Datatype type) throws MPIException;
    }

    private static void begin(int id, int file, Object buf, int count, int type, Begin b) throws ManaException {
        call(id, () -> {
            File f = file(file);
            Datatype t = Lower.committedType(type);
            checkBuffer(buf, count, type); // the binding runs a blocking call on an array
            b.run(f, buf, count, t);
            return null;
        });
    }

    @FunctionalInterface
    interface End {
        Status run(File f, Object buf) throws MPIException;
    }

    private static long[] end(int id, int file, Object buf, End e) throws ManaException {
        return call(id, () -> {
            Status s = e.run(file(file), buf);
            return s == null ? null : Lower.statusData(s);
        });
    }

    static File file(int vid) throws ManaException {
        return (File) Handles.lower(vid, Kind.FILE);
    }

    static FileDescriptor descriptor(int vid) throws ManaException {
        Descriptor d = Handles.descriptor(vid, Kind.FILE);
        return d instanceof FileDescriptor f ? f : null;
    }

    // ---- open, close, delete ------------------------------------------------------------------

    @Override
    public int open(int comm, String path, int amode, int info) throws ManaException {
        return call(OPEN, () -> {
            if (path == null) {
                throw ManaException.of(ErrorClass.BAD_FILE, "invalid file name: null");
            }
            File f = new File(Lower.comm(comm), path, amode, Infos.lower(info));
            FileDescriptor d = new FileDescriptor(path, amode, comm, Infos.pairs(info), BYTE);
            return Handles.TABLE.create(Kind.FILE, f, d);
        });
    }

    @Override
    public int close(int file) throws ManaException {
        return call(CLOSE, () -> {
            file(file).close();
            Descriptor d = Handles.TABLE.free(file, Kind.FILE);
            if (d instanceof FileDescriptor fd) {
                fd.releaseView();
            }
            return Vid.NULL;
        });
    }

    @Override
    public void delete(String path, int info) throws ManaException {
        call(DELETE, () -> {
            if (path == null) {
                throw ManaException.of(ErrorClass.BAD_FILE, "invalid file name: null");
            }
            File.delete(path, Infos.lower(info));
            return null;
        });
    }

    // ---- size, group, mode, info ---------------------------------------------------------------

    @Override
    public void setSize(int file, long size) throws ManaException {
        call(SET_SIZE, () -> {
            file(file).setSize(size);
            return null;
        });
    }

    @Override
    public void preallocate(int file, long size) throws ManaException {
        call(PREALLOCATE, () -> {
            file(file).preallocate(size);
            return null;
        });
    }

    @Override
    public long size(int file) throws ManaException {
        return call(GET_SIZE, () -> file(file).getSize());
    }

    @Override
    public int group(int file) throws ManaException {
        return call(GET_GROUP, () -> Comms.register(file(file).getGroup()));
    }

    @Override
    public int amode(int file) throws ManaException {
        return call(GET_AMODE, () -> file(file).getAMode());
    }

    @Override
    public void setInfo(int file, int info) throws ManaException {
        call(SET_INFO, () -> {
            file(file).setInfo(Infos.lower(info));
            return null;
        });
    }

    @Override
    public int info(int file) throws ManaException {
        return call(GET_INFO, () -> Infos.register(file(file).getInfo()));
    }

    // ---- view -----------------------------------------------------------------------------------

    @Override
    public void setView(int file, long disp, int etype, int filetype, String datarep, int info) throws ManaException {
        call(SET_VIEW, () -> {
            File f = file(file);
            if (datarep == null) {
                throw ManaException.of(ErrorClass.ARG, "invalid data representation: null");
            }
            Datatype e = Lower.committedType(etype);
            Datatype t = Lower.committedType(filetype);
            f.setView(disp, e, t, datarep, Infos.lower(info));
            FileDescriptor d = descriptor(file);
            if (d != null) {
                d.setView(disp, etype, Requests.derivedType(etype), filetype, Requests.derivedType(filetype), datarep);
            }
            return null;
        });
    }

    // ---- explicit offsets ----------------------------------------------------------------------

    @Override
    public long[] readAt(int file, long offset, Object buf, int count, int type) throws ManaException {
        return access(READ_AT, file, buf, count, type, (f, b, c, t) -> f.readAt(offset, b, c, t));
    }

    @Override
    public long[] readAtAll(int file, long offset, Object buf, int count, int type) throws ManaException {
        return access(READ_AT_ALL, file, buf, count, type, (f, b, c, t) -> f.readAtAll(offset, b, c, t));
    }

    @Override
    public long[] writeAt(int file, long offset, Object buf, int count, int type) throws ManaException {
        return access(WRITE_AT, file, buf, count, type, (f, b, c, t) -> f.writeAt(offset, b, c, t));
    }

    @Override
    public long[] writeAtAll(int file, long offset, Object buf, int count, int type) throws ManaException {
        return access(WRITE_AT_ALL, file, buf, count, type, (f, b, c, t) -> f.writeAtAll(offset, b, c, t));
    }

    @Override
    public int iReadAt(int file, long offset, Buffer buf, int count, int type) throws ManaException {
        return start(IREAD_AT, file, buf, count, type, (f, b, c, t) -> f.iReadAt(offset, b, c, t));
    }

    @Override
    public int iReadAtAll(int file, long offset, Buffer buf, int count, int type) throws ManaException {
        return start(IREAD_AT_ALL, file, buf, count, type, (f, b, c, t) -> f.iReadAtAll(offset, b, c, t));
    }

    @Override
    public int iWriteAt(int file, long offset, Buffer buf, int count, int type) throws ManaException {
        return start(IWRITE_AT, file, buf, count, type, (f, b, c, t) -> f.iWriteAt(offset, b, c, t));
    }

    @Override
    public int iWriteAtAll(int file, long offset, Buffer buf, int count, int type) throws ManaException {
        return start(IWRITE_AT_ALL, file, buf, count, type, (f, b, c, t) -> f.iWriteAtAll(offset, b, c, t));
    }

    // ---- individual file pointer -----------------------------------------------------------------

    @Override
    public long[] read(int file, Object buf, int count, int type) throws ManaException {
        return access(READ, file, buf, count, type, File::read);
    }

    @Override
    public long[] readAll(int file, Object buf, int count, int type) throws ManaException {
        return access(READ_ALL, file, buf, count, type, File::readAll);
    }

    @Override
    public long[] write(int file, Object buf, int count, int type) throws ManaException {
        return access(WRITE, file, buf, count, type, File::write);
    }

    @Override
    public long[] writeAll(int file, Object buf, int count, int type) throws ManaException {
        return access(WRITE_ALL, file, buf, count, type, File::writeAll);
    }

    @Override
    public int iRead(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IREAD, file, buf, count, type, File::iRead);
    }

    @Override
    public int iReadAll(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IREAD_ALL, file, buf, count, type, File::iReadAll);
    }

    @Override
    public int iWrite(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IWRITE, file, buf, count, type, File::iWrite);
    }

    @Override
    public int iWriteAll(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IWRITE_ALL, file, buf, count, type, File::iWriteAll);
    }

    @Override
    public void seek(int file, long offset, int whence) throws ManaException {
        call(SEEK, () -> {
            file(file).seek(offset, whence);
            return null;
        });
    }

    @Override
    public long position(int file) throws ManaException {
        return call(GET_POSITION, () -> file(file).getPosition());
    }

    @Override
    public long byteOffset(int file, long offset) throws ManaException {
        return call(GET_BYTE_OFFSET, () -> file(file).getByteOffset(offset));
    }

    // ---- shared file pointer ---------------------------------------------------------------------

    @Override
    public long[] readShared(int file, Object buf, int count, int type) throws ManaException {
        return access(READ_SHARED, file, buf, count, type, File::readShared);
    }

    @Override
    public long[] writeShared(int file, Object buf, int count, int type) throws ManaException {
        return access(WRITE_SHARED, file, buf, count, type, File::writeShared);
    }

    @Override
    public int iReadShared(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IREAD_SHARED, file, buf, count, type, File::iReadShared);
    }

    @Override
    public int iWriteShared(int file, Buffer buf, int count, int type) throws ManaException {
        return start(IWRITE_SHARED, file, buf, count, type, File::iWriteShared);
    }

    @Override
    public long[] readOrdered(int file, Object buf, int count, int type) throws ManaException {
        return access(READ_ORDERED, file, buf, count, type, File::readOrdered);
    }

    @Override
    public long[] writeOrdered(int file, Object buf, int count, int type) throws ManaException {
        return access(WRITE_ORDERED, file, buf, count, type, File::writeOrdered);
    }

    @Override
    public void seekShared(int file, long offset, int whence) throws ManaException {
        call(SEEK_SHARED, () -> {
            file(file).seekShared(offset, whence);
            return null;
        });
    }

    @Override
    public long positionShared(int file) throws ManaException {
        return call(GET_POSITION_SHARED, () -> file(file).getPositionShared());
    }

    // ---- split collectives ------------------------------------------------------------------------

    @Override
    public void readAtAllBegin(int file, long offset, Object buf, int count, int type) throws ManaException {
        begin(READ_AT_ALL_BEGIN, file, buf, count, type, (f, b, c, t) -> f.readAtAllBegin(offset, b, c, t));
    }

    @Override
    public long[] readAtAllEnd(int file, Object buf) throws ManaException {
        return end(READ_AT_ALL_END, file, buf, File::readAtAllEnd);
    }

    @Override
    public void writeAtAllBegin(int file, long offset, Object buf, int count, int type) throws ManaException {
        begin(WRITE_AT_ALL_BEGIN, file, buf, count, type, (f, b, c, t) -> f.writeAtAllBegin(offset, b, c, t));
    }

    @Override
    public long[] writeAtAllEnd(int file, Object buf) throws ManaException {
        return end(WRITE_AT_ALL_END, file, buf, File::writeAtAllEnd);
    }

    @Override
    public void readAllBegin(int file, Object buf, int count, int type) throws ManaException {
        begin(READ_ALL_BEGIN, file, buf, count, type, File::readAllBegin);
    }

    @Override
    public long[] readAllEnd(int file, Object buf) throws ManaException {
        return end(READ_ALL_END, file, buf, File::readAllEnd);
    }

    @Override
    public void writeAllBegin(int file, Object buf, int count, int type) throws ManaException {
        begin(WRITE_ALL_BEGIN, file, buf, count, type, File::writeAllBegin);
    }

    @Override
    public long[] writeAllEnd(int file, Object buf) throws ManaException {
        return end(WRITE_ALL_END, file, buf, File::writeAllEnd);
    }

    @Override
    public void readOrderedBegin(int file, Object buf, int count, int type) throws ManaException {
        begin(READ_ORDERED_BEGIN, file, buf, count, type, File::readOrderedBegin);
    }

    @Override
    public long[] readOrderedEnd(int file, Object buf) throws ManaException {
        return end(READ_ORDERED_END, file, buf, File::readOrderedEnd);
    }

    @Override
    public void writeOrderedBegin(int file, Object buf, int count, int type) throws ManaException {
        begin(WRITE_ORDERED_BEGIN, file, buf, count, type, File::writeOrderedBegin);
    }

    @Override
    public long[] writeOrderedEnd(int file, Object buf) throws ManaException {
        return end(WRITE_ORDERED_END, file, buf, File::writeOrderedEnd);
    }

    // ---- the rest -----------------------------------------------------------------------------------

    @Override
    public int typeExtent(int file, int type) throws ManaException {
        return call(GET_TYPE_EXTENT, () -> file(file).getTypeExtent(Lower.type(type)));
    }

    @Override
    public void setAtomicity(int file, boolean atomic) throws ManaException {
        call(SET_ATOMICITY, () -> {
            file(file).setAtomicity(atomic);
            FileDescriptor d = descriptor(file);
            if (d != null) {
                d.setAtomic(atomic);
            }
            return null;
        });
    }

    @Override
    public boolean atomicity(int file) throws ManaException {
        return call(GET_ATOMICITY, () -> file(file).getAtomicity());
    }

    @Override
    public void sync(int file) throws ManaException {
        call(SYNC, () -> {
            file(file).sync();
            return null;
        });
    }

    @Override
    public void setErrhandler(int file, int errhandler) throws ManaException {
        call(SET_ERRHANDLER, () -> {
            file(file).setErrhandler(Comms.errhandler(errhandler));
            FileDescriptor d = descriptor(file);
            if (d != null) {
                d.setErrhandler(errhandler);
            }
            return null;
        });
    }

    @Override
    public int errhandler(int file) throws ManaException {
        return call(GET_ERRHANDLER, () -> errhandlerVid(file(file).getErrhandler()));
    }

    static int errhandlerVid(Errhandler e) throws ManaException {
        long h = Comms.handle(e);
        if (h == Comms.handle(Comms.errhandler(Comms.ERRORS_RETURN))) {
            return Comms.ERRORS_RETURN;
        }
        if (h == Comms.handle(Comms.errhandler(Comms.ERRORS_ARE_FATAL))) {
            return Comms.ERRORS_ARE_FATAL;
        }
        throw ManaException.of(ErrorClass.INTERN,
                "MANA: the file has an errhandler that is neither ERRORS_RETURN nor ERRORS_ARE_FATAL");
    }

    @Override
    public void callErrhandler(int file, int errorCode) throws ManaException {
        call(CALL_ERRHANDLER, () -> {
            file(file).callErrhandler(errorCode);
            return null;
        });
    }

    @Override
    public boolean errorsReturn(int file) {
        try {
            FileDescriptor d = file == Vid.NULL ? null : descriptor(file);
            return d == null || d.errhandler() != Comms.ERRORS_ARE_FATAL;
        } catch (ManaException e) {
            return true; // MPI_FILE_NULL's errhandler: ERRORS_RETURN unless the application changed it
        }
    }
}
