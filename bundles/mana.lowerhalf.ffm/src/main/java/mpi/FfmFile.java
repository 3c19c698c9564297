package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static mpi.FfmSupport.allocStatus;
import static mpi.FfmSupport.call;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.direct;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.statusToJava;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.nio.Buffer;

/**
 * FFM natives of mpi.File (ompi/mpi/java/c/mpi_File.c): MPI-IO. Blocking reads and writes take
 * arrays (copied) or direct buffers; non-blocking and split-collective ones direct buffers.
 */
final class FfmFile {

    private static final MethodHandle OPEN = FfmLib.fn("MPI_File_open", "int comm ptr int info ptr");
    private static final MethodHandle CLOSE = FfmLib.fn("MPI_File_close", "int ptr");
    private static final MethodHandle DELETE = FfmLib.fn("MPI_File_delete", "int ptr info");
    private static final MethodHandle SET_SIZE = FfmLib.fn("MPI_File_set_size", "int file long");
    private static final MethodHandle PREALLOCATE = FfmLib.fn("MPI_File_preallocate", "int file long");
    private static final MethodHandle GET_SIZE = FfmLib.fn("MPI_File_get_size", "int file ptr");
    private static final MethodHandle GET_GROUP = FfmLib.fn("MPI_File_get_group", "int file ptr");
    private static final MethodHandle GET_AMODE = FfmLib.fn("MPI_File_get_amode", "int file ptr");
    private static final MethodHandle SET_INFO = FfmLib.fn("MPI_File_set_info", "int file info");
    private static final MethodHandle GET_INFO = FfmLib.fn("MPI_File_get_info", "int file ptr");
    private static final MethodHandle SET_VIEW = FfmLib.fn("MPI_File_set_view", "int file long type type ptr info");
    private static final MethodHandle SEEK = FfmLib.fn("MPI_File_seek", "int file long int");
    private static final MethodHandle GET_POSITION = FfmLib.fn("MPI_File_get_position", "int file ptr");
    private static final MethodHandle GET_BYTE_OFFSET = FfmLib.fn("MPI_File_get_byte_offset", "int file long ptr");
    private static final MethodHandle SEEK_SHARED = FfmLib.fn("MPI_File_seek_shared", "int file long int");
    private static final MethodHandle GET_POSITION_SHARED = FfmLib.fn("MPI_File_get_position_shared", "int file ptr");
    private static final MethodHandle GET_TYPE_EXTENT = FfmLib.fn("MPI_File_get_type_extent", "int file type ptr");
    private static final MethodHandle SET_ATOMICITY = FfmLib.fn("MPI_File_set_atomicity", "int file int");
    private static final MethodHandle GET_ATOMICITY = FfmLib.fn("MPI_File_get_atomicity", "int file ptr");
    private static final MethodHandle SYNC = FfmLib.fn("MPI_File_sync", "int file");
    private static final MethodHandle SET_ERRHANDLER = FfmLib.fn("MPI_File_set_errhandler", "int file errh");
    private static final MethodHandle GET_ERRHANDLER = FfmLib.fn("MPI_File_get_errhandler", "int file ptr");
    private static final MethodHandle CALL_ERRHANDLER = FfmLib.fn("MPI_File_call_errhandler", "int file errcode");
    private static final MethodHandle READAT = FfmLib.fn("MPI_File_read_at", "int file long ptr int type ptr");
    private static final MethodHandle READATALL = FfmLib.fn("MPI_File_read_at_all", "int file long ptr int type ptr");
    private static final MethodHandle WRITEAT = FfmLib.fn("MPI_File_write_at", "int file long ptr int type ptr");
    private static final MethodHandle WRITEATALL = FfmLib.fn("MPI_File_write_at_all", "int file long ptr int type ptr");
    private static final MethodHandle READ = FfmLib.fn("MPI_File_read", "int file ptr int type ptr");
    private static final MethodHandle READALL = FfmLib.fn("MPI_File_read_all", "int file ptr int type ptr");
    private static final MethodHandle WRITE = FfmLib.fn("MPI_File_write", "int file ptr int type ptr");
    private static final MethodHandle WRITEALL = FfmLib.fn("MPI_File_write_all", "int file ptr int type ptr");
    private static final MethodHandle READSHARED = FfmLib.fn("MPI_File_read_shared", "int file ptr int type ptr");
    private static final MethodHandle WRITESHARED = FfmLib.fn("MPI_File_write_shared", "int file ptr int type ptr");
    private static final MethodHandle READORDERED = FfmLib.fn("MPI_File_read_ordered", "int file ptr int type ptr");
    private static final MethodHandle WRITEORDERED = FfmLib.fn("MPI_File_write_ordered", "int file ptr int type ptr");
    private static final MethodHandle IREADAT = FfmLib.fn("MPI_File_iread_at", "int file long ptr int type ptr");
    private static final MethodHandle IREADATALL = FfmLib.fn("MPI_File_iread_at_all", "int file long ptr int type ptr");
    private static final MethodHandle IWRITEAT = FfmLib.fn("MPI_File_iwrite_at", "int file long ptr int type ptr");
    private static final MethodHandle IWRITEATALL = FfmLib.fn("MPI_File_iwrite_at_all", "int file long ptr int type ptr");
    private static final MethodHandle IREAD = FfmLib.fn("MPI_File_iread", "int file ptr int type ptr");
    private static final MethodHandle IREADALL = FfmLib.fn("MPI_File_iread_all", "int file ptr int type ptr");
    private static final MethodHandle IWRITE = FfmLib.fn("MPI_File_iwrite", "int file ptr int type ptr");
    private static final MethodHandle IWRITEALL = FfmLib.fn("MPI_File_iwrite_all", "int file ptr int type ptr");
    private static final MethodHandle IREADSHARED = FfmLib.fn("MPI_File_iread_shared", "int file ptr int type ptr");
    private static final MethodHandle IWRITESHARED = FfmLib.fn("MPI_File_iwrite_shared", "int file ptr int type ptr");
    private static final MethodHandle READATALLBEGIN = FfmLib.fn("MPI_File_read_at_all_begin", "int file long ptr int type");
    private static final MethodHandle WRITEATALLBEGIN = FfmLib.fn("MPI_File_write_at_all_begin", "int file long ptr int type");
    private static final MethodHandle READALLBEGIN = FfmLib.fn("MPI_File_read_all_begin", "int file ptr int type");
    private static final MethodHandle WRITEALLBEGIN = FfmLib.fn("MPI_File_write_all_begin", "int file ptr int type");
    private static final MethodHandle READORDEREDBEGIN = FfmLib.fn("MPI_File_read_ordered_begin", "int file ptr int type");
    private static final MethodHandle WRITEORDEREDBEGIN = FfmLib.fn("MPI_File_write_ordered_begin", "int file ptr int type");
    private static final MethodHandle READATALLEND = FfmLib.fn("MPI_File_read_at_all_end", "int file ptr ptr");
    private static final MethodHandle WRITEATALLEND = FfmLib.fn("MPI_File_write_at_all_end", "int file ptr ptr");
    private static final MethodHandle READALLEND = FfmLib.fn("MPI_File_read_all_end", "int file ptr ptr");
    private static final MethodHandle WRITEALLEND = FfmLib.fn("MPI_File_write_all_end", "int file ptr ptr");
    private static final MethodHandle READORDEREDEND = FfmLib.fn("MPI_File_read_ordered_end", "int file ptr ptr");
    private static final MethodHandle WRITEORDEREDEND = FfmLib.fn("MPI_File_write_ordered_end", "int file ptr ptr");

    private FfmFile() {
    }

    static long open(File self, long comm, String filename, int amode, long info) throws MPIException {
        return handleOut("file", (a, out) -> (int) OPEN.invokeExact(comm, a.allocateFrom(filename), amode, info, out));
    }

    static long close(File self, long fh) throws MPIException {
        return handleOut("file", fh, (a, out) -> (int) CLOSE.invokeExact(out));
    }

    static void delete(String filename, long info) throws MPIException {
        call((a, out) -> (int) DELETE.invokeExact(a.allocateFrom(filename), info));
    }

    static void setSize(File self, long fh, long size) throws MPIException {
        call((a, out) -> (int) SET_SIZE.invokeExact(fh, size));
    }

    static void preallocate(File self, long fh, long size) throws MPIException {
        call((a, out) -> (int) PREALLOCATE.invokeExact(fh, size));
    }

    static long getSize(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_SIZE.invokeExact(fh, out));
    }

    static long getGroup(File self, long fh) throws MPIException {
        return handleOut("group", (a, out) -> (int) GET_GROUP.invokeExact(fh, out));
    }

    static int getAMode(File self, long fh) throws MPIException {
        return intOut((a, out) -> (int) GET_AMODE.invokeExact(fh, out));
    }

    static void setInfo(File self, long fh, long info) throws MPIException {
        call((a, out) -> (int) SET_INFO.invokeExact(fh, info));
    }

    static long getInfo(File self, long fh) throws MPIException {
        return handleOut("info", (a, out) -> (int) GET_INFO.invokeExact(fh, out));
    }

    static void setView(File self, long fh, long disp, long etype, long filetype, String datarep, long info)
            throws MPIException {
        call((a, out) -> (int) SET_VIEW.invokeExact(fh, disp, etype, filetype, a.allocateFrom(datarep), info));
    }

    static void seek(File self, long fh, long offset, int whence) throws MPIException {
        call((a, out) -> (int) SEEK.invokeExact(fh, offset, whence));
    }

    static long getPosition(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_POSITION.invokeExact(fh, out));
    }

    static long getByteOffset(File self, long fh, long offset) throws MPIException {
        return longOut((a, out) -> (int) GET_BYTE_OFFSET.invokeExact(fh, offset, out));
    }

    static void seekShared(File self, long fh, long offset, int whence) throws MPIException {
        call((a, out) -> (int) SEEK_SHARED.invokeExact(fh, offset, whence));
    }

    static long getPositionShared(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_POSITION_SHARED.invokeExact(fh, out));
    }

    static int getTypeExtent(File self, long fh, long type) throws MPIException {
        return (int) longOut((a, out) -> (int) GET_TYPE_EXTENT.invokeExact(fh, type, out));
    }

    static void setAtomicity(File self, long fh, boolean atomicity) throws MPIException {
        call((a, out) -> (int) SET_ATOMICITY.invokeExact(fh, atomicity ? 1 : 0));
    }

    static boolean getAtomicity(File self, long fh) throws MPIException {
        return intOut((a, out) -> (int) GET_ATOMICITY.invokeExact(fh, out)) != 0;
    }

    static void sync(File self, long handle) throws MPIException {
        call((a, out) -> (int) SYNC.invokeExact(handle));
    }

    static void setErrhandler(File self, long fh, long errhandler) throws MPIException {
        call((a, out) -> (int) SET_ERRHANDLER.invokeExact(fh, errhandler));
    }

    static long getErrhandler(File self, long fh) throws MPIException {
        return handleOut("errh", (a, out) -> (int) GET_ERRHANDLER.invokeExact(fh, out));
    }

    static void callErrhandler(File self, long handle, int errorCode) throws MPIException {
        call((a, out) -> (int) CALL_ERRHANDLER.invokeExact(handle, errorCode));
    }

    /** An MPI_Offset / MPI_Aint out-parameter (64-bit on both implementations). */
    private static long longOut(FfmSupport.Call c) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = a.allocate(JAVA_LONG);
            check(c.run(a, out));
            return out.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /**
     * A blocking read or write with an explicit offset (offset < 0: the individual or shared
     * pointer). An array is answered as by the JNI binding's copy: a negative count, or (after
     * the read, into memory of the call's full size) an array too short for it, is an
     * ArrayIndexOutOfBoundsException.
     */
    private static void blocking(MethodHandle h, boolean explicit, boolean reading, long fh, long fileOffset,
            Object buf, boolean db, int offset, int count, long type, long[] stat) throws MPIException {
        FfmArgs.count("count", count, buf, db, type);
        try (Arena a = FfmScratch.open()) {
            MemorySegment p = reading ? FfmSupport.write(a, buf, db, offset, count, type)
                    : FfmSupport.read(a, buf, db, offset, count, type);
            MemorySegment st = allocStatus(a);
            int rc = explicit ? (int) h.invokeExact(fh, fileOffset, p, count, type, st)
                    : (int) h.invokeExact(fh, p, count, type, st);
            check(rc);
            statusToJava(st, stat, -1);
            if (reading) {
                FfmArgs.holds("buf", buf, db, offset, count, type);
                boolean noGaps = FfmSupport.typeSize(type) == FfmSupport.extent(type);
                FfmSupport.writeBack(p, buf, db, offset, noGaps ? stat[4] : Long.MAX_VALUE);
            }
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void readAt(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READAT, true, true, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void readAtAll(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READATALL, true, true, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void writeAt(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEAT, true, false, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void writeAtAll(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEATALL, true, false, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void read(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READ, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readAll(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READALL, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void write(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITE, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeAll(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEALL, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readShared(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READSHARED, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeShared(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITESHARED, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readOrdered(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READORDERED, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeOrdered(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEORDERED, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static long iReadAt(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADAT.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iReadAtAll(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADATALL.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iWriteAt(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEAT.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iWriteAtAll(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEATALL.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iRead(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREAD.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iReadAll(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADALL.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWrite(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITE.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWriteAll(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEALL.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iReadShared(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADSHARED.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWriteShared(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITESHARED.invokeExact(fh, direct(buf), count, type, out));
    }

    static void readAtAllBegin(File self, long fh, long offset, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READATALLBEGIN.invokeExact(fh, offset, direct(buf), count, type));
    }

    static void writeAtAllBegin(File self, long fh, long offset, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEATALLBEGIN.invokeExact(fh, offset, direct(buf), count, type));
    }

    static void readAllBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READALLBEGIN.invokeExact(fh, direct(buf), count, type));
    }

    static void writeAllBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEALLBEGIN.invokeExact(fh, direct(buf), count, type));
    }

    static void readOrderedBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READORDEREDBEGIN.invokeExact(fh, direct(buf), count, type));
    }

    static void writeOrderedBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEORDEREDBEGIN.invokeExact(fh, direct(buf), count, type));
    }

    static void readAtAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READATALLEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeAtAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEATALLEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void readAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READALLEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEALLEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void readOrderedEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READORDEREDEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeOrderedEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEORDEREDEND.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
