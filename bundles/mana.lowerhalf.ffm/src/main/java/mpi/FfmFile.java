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

    private static final class OPEN { static final MethodHandle H = FfmLib.fn("MPI_File_open", "int comm ptr int info ptr"); }
    private static final class CLOSE { static final MethodHandle H = FfmLib.fn("MPI_File_close", "int ptr"); }
    private static final class DELETE { static final MethodHandle H = FfmLib.fn("MPI_File_delete", "int ptr info"); }
    private static final class SET_SIZE { static final MethodHandle H = FfmLib.fn("MPI_File_set_size", "int file long"); }
    private static final class PREALLOCATE { static final MethodHandle H = FfmLib.fn("MPI_File_preallocate", "int file long"); }
    private static final class GET_SIZE { static final MethodHandle H = FfmLib.fn("MPI_File_get_size", "int file ptr"); }
    private static final class GET_GROUP { static final MethodHandle H = FfmLib.fn("MPI_File_get_group", "int file ptr"); }
    private static final class GET_AMODE { static final MethodHandle H = FfmLib.fn("MPI_File_get_amode", "int file ptr"); }
    private static final class SET_INFO { static final MethodHandle H = FfmLib.fn("MPI_File_set_info", "int file info"); }
    private static final class GET_INFO { static final MethodHandle H = FfmLib.fn("MPI_File_get_info", "int file ptr"); }
    private static final class SET_VIEW {
        static final MethodHandle H = FfmLib.fn("MPI_File_set_view", "int file long type type ptr info");
    }
    private static final class SEEK { static final MethodHandle H = FfmLib.fn("MPI_File_seek", "int file long int"); }
    private static final class GET_POSITION { static final MethodHandle H = FfmLib.fn("MPI_File_get_position", "int file ptr"); }
    private static final class GET_BYTE_OFFSET {
        static final MethodHandle H = FfmLib.fn("MPI_File_get_byte_offset", "int file long ptr");
    }
    private static final class SEEK_SHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_seek_shared", "int file long int");
    }
    private static final class GET_POSITION_SHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_get_position_shared", "int file ptr");
    }
    private static final class GET_TYPE_EXTENT {
        static final MethodHandle H = FfmLib.fn("MPI_File_get_type_extent", "int file type ptr");
    }
    private static final class SET_ATOMICITY {
        static final MethodHandle H = FfmLib.fn("MPI_File_set_atomicity", "int file int");
    }
    private static final class GET_ATOMICITY {
        static final MethodHandle H = FfmLib.fn("MPI_File_get_atomicity", "int file ptr");
    }
    private static final class SYNC { static final MethodHandle H = FfmLib.fn("MPI_File_sync", "int file"); }
    private static final class SET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_File_set_errhandler", "int file errh");
    }
    private static final class GET_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_File_get_errhandler", "int file ptr");
    }
    private static final class CALL_ERRHANDLER {
        static final MethodHandle H = FfmLib.fn("MPI_File_call_errhandler", "int file errcode");
    }
    private static final class READAT {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_at", "int file long ptr int type ptr");
    }
    private static final class READATALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_at_all", "int file long ptr int type ptr");
    }
    private static final class WRITEAT {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_at", "int file long ptr int type ptr");
    }
    private static final class WRITEATALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_at_all", "int file long ptr int type ptr");
    }
    private static final class READ { static final MethodHandle H = FfmLib.fn("MPI_File_read", "int file ptr int type ptr"); }
    private static final class READALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_all", "int file ptr int type ptr");
    }
    private static final class WRITE { static final MethodHandle H = FfmLib.fn("MPI_File_write", "int file ptr int type ptr"); }
    private static final class WRITEALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_all", "int file ptr int type ptr");
    }
    private static final class READSHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_shared", "int file ptr int type ptr");
    }
    private static final class WRITESHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_shared", "int file ptr int type ptr");
    }
    private static final class READORDERED {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_ordered", "int file ptr int type ptr");
    }
    private static final class WRITEORDERED {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_ordered", "int file ptr int type ptr");
    }
    private static final class IREADAT {
        static final MethodHandle H = FfmLib.fn("MPI_File_iread_at", "int file long ptr int type ptr");
    }
    private static final class IREADATALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_iread_at_all", "int file long ptr int type ptr");
    }
    private static final class IWRITEAT {
        static final MethodHandle H = FfmLib.fn("MPI_File_iwrite_at", "int file long ptr int type ptr");
    }
    private static final class IWRITEATALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_iwrite_at_all", "int file long ptr int type ptr");
    }
    private static final class IREAD { static final MethodHandle H = FfmLib.fn("MPI_File_iread", "int file ptr int type ptr"); }
    private static final class IREADALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_iread_all", "int file ptr int type ptr");
    }
    private static final class IWRITE { static final MethodHandle H = FfmLib.fn("MPI_File_iwrite", "int file ptr int type ptr"); }
    private static final class IWRITEALL {
        static final MethodHandle H = FfmLib.fn("MPI_File_iwrite_all", "int file ptr int type ptr");
    }
    private static final class IREADSHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_iread_shared", "int file ptr int type ptr");
    }
    private static final class IWRITESHARED {
        static final MethodHandle H = FfmLib.fn("MPI_File_iwrite_shared", "int file ptr int type ptr");
    }
    private static final class READATALLBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_at_all_begin", "int file long ptr int type");
    }
    private static final class WRITEATALLBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_at_all_begin", "int file long ptr int type");
    }
    private static final class READALLBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_all_begin", "int file ptr int type");
    }
    private static final class WRITEALLBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_all_begin", "int file ptr int type");
    }
    private static final class READORDEREDBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_ordered_begin", "int file ptr int type");
    }
    private static final class WRITEORDEREDBEGIN {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_ordered_begin", "int file ptr int type");
    }
    private static final class READATALLEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_at_all_end", "int file ptr ptr");
    }
    private static final class WRITEATALLEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_at_all_end", "int file ptr ptr");
    }
    private static final class READALLEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_all_end", "int file ptr ptr");
    }
    private static final class WRITEALLEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_all_end", "int file ptr ptr");
    }
    private static final class READORDEREDEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_read_ordered_end", "int file ptr ptr");
    }
    private static final class WRITEORDEREDEND {
        static final MethodHandle H = FfmLib.fn("MPI_File_write_ordered_end", "int file ptr ptr");
    }

    private FfmFile() {
    }

    static long open(File self, long comm, String filename, int amode, long info) throws MPIException {
        return handleOut("file", (a, out) -> (int) OPEN.H.invokeExact(comm, a.allocateFrom(filename), amode, info, out));
    }

    static long close(File self, long fh) throws MPIException {
        return handleOut("file", fh, (a, out) -> (int) CLOSE.H.invokeExact(out));
    }

    static void delete(String filename, long info) throws MPIException {
        call((a, out) -> (int) DELETE.H.invokeExact(a.allocateFrom(filename), info));
    }

    static void setSize(File self, long fh, long size) throws MPIException {
        call((a, out) -> (int) SET_SIZE.H.invokeExact(fh, size));
    }

    static void preallocate(File self, long fh, long size) throws MPIException {
        call((a, out) -> (int) PREALLOCATE.H.invokeExact(fh, size));
    }

    static long getSize(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_SIZE.H.invokeExact(fh, out));
    }

    static long getGroup(File self, long fh) throws MPIException {
        return handleOut("group", (a, out) -> (int) GET_GROUP.H.invokeExact(fh, out));
    }

    static int getAMode(File self, long fh) throws MPIException {
        return intOut((a, out) -> (int) GET_AMODE.H.invokeExact(fh, out));
    }

    static void setInfo(File self, long fh, long info) throws MPIException {
        call((a, out) -> (int) SET_INFO.H.invokeExact(fh, info));
    }

    static long getInfo(File self, long fh) throws MPIException {
        return handleOut("info", (a, out) -> (int) GET_INFO.H.invokeExact(fh, out));
    }

    static void setView(File self, long fh, long disp, long etype, long filetype, String datarep, long info)
            throws MPIException {
        call((a, out) -> (int) SET_VIEW.H.invokeExact(fh, disp, etype, filetype, a.allocateFrom(datarep), info));
    }

    static void seek(File self, long fh, long offset, int whence) throws MPIException {
        call((a, out) -> (int) SEEK.H.invokeExact(fh, offset, whence));
    }

    static long getPosition(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_POSITION.H.invokeExact(fh, out));
    }

    static long getByteOffset(File self, long fh, long offset) throws MPIException {
        return longOut((a, out) -> (int) GET_BYTE_OFFSET.H.invokeExact(fh, offset, out));
    }

    static void seekShared(File self, long fh, long offset, int whence) throws MPIException {
        call((a, out) -> (int) SEEK_SHARED.H.invokeExact(fh, offset, whence));
    }

    static long getPositionShared(File self, long fh) throws MPIException {
        return longOut((a, out) -> (int) GET_POSITION_SHARED.H.invokeExact(fh, out));
    }

    static int getTypeExtent(File self, long fh, long type) throws MPIException {
        return (int) longOut((a, out) -> (int) GET_TYPE_EXTENT.H.invokeExact(fh, type, out));
    }

    static void setAtomicity(File self, long fh, boolean atomicity) throws MPIException {
        call((a, out) -> (int) SET_ATOMICITY.H.invokeExact(fh, atomicity ? 1 : 0));
    }

    static boolean getAtomicity(File self, long fh) throws MPIException {
        return intOut((a, out) -> (int) GET_ATOMICITY.H.invokeExact(fh, out)) != 0;
    }

    static void sync(File self, long handle) throws MPIException {
        call((a, out) -> (int) SYNC.H.invokeExact(handle));
    }

    static void setErrhandler(File self, long fh, long errhandler) throws MPIException {
        call((a, out) -> (int) SET_ERRHANDLER.H.invokeExact(fh, errhandler));
    }

    static long getErrhandler(File self, long fh) throws MPIException {
        return handleOut("errh", (a, out) -> (int) GET_ERRHANDLER.H.invokeExact(fh, out));
    }

    static void callErrhandler(File self, long handle, int errorCode) throws MPIException {
        call((a, out) -> (int) CALL_ERRHANDLER.H.invokeExact(handle, errorCode));
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
        blocking(READAT.H, true, true, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void readAtAll(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READATALL.H, true, true, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void writeAt(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEAT.H, true, false, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void writeAtAll(File self, long fh, long fileOffset, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEATALL.H, true, false, fh, fileOffset, buf, db, offset, count, type, stat);
    }

    static void read(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READ.H, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readAll(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READALL.H, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void write(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITE.H, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeAll(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEALL.H, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readShared(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READSHARED.H, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeShared(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITESHARED.H, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static void readOrdered(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(READORDERED.H, false, true, fh, 0, buf, db, offset, count, type, stat);
    }

    static void writeOrdered(File self, long fh, Object buf, boolean db, int offset, int count, long type, int baseType, long[] stat) throws MPIException {
        blocking(WRITEORDERED.H, false, false, fh, 0, buf, db, offset, count, type, stat);
    }

    static long iReadAt(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADAT.H.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iReadAtAll(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADATALL.H.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iWriteAt(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEAT.H.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iWriteAtAll(File self, long fh, long offset, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEATALL.H.invokeExact(fh, offset, direct(buf), count, type, out));
    }

    static long iRead(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREAD.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iReadAll(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADALL.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWrite(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITE.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWriteAll(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITEALL.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iReadShared(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IREADSHARED.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static long iWriteShared(File self, long fh, Buffer buf, int count, long type) throws MPIException {
        return handleOut("req", (a, out) -> (int) IWRITESHARED.H.invokeExact(fh, direct(buf), count, type, out));
    }

    static void readAtAllBegin(File self, long fh, long offset, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READATALLBEGIN.H.invokeExact(fh, offset, direct(buf), count, type));
    }

    static void writeAtAllBegin(File self, long fh, long offset, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEATALLBEGIN.H.invokeExact(fh, offset, direct(buf), count, type));
    }

    static void readAllBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READALLBEGIN.H.invokeExact(fh, direct(buf), count, type));
    }

    static void writeAllBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEALLBEGIN.H.invokeExact(fh, direct(buf), count, type));
    }

    static void readOrderedBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) READORDEREDBEGIN.H.invokeExact(fh, direct(buf), count, type));
    }

    static void writeOrderedBegin(File self, long fh, Object buf, int count, long type) throws MPIException {
        call((a, out) -> (int) WRITEORDEREDBEGIN.H.invokeExact(fh, direct(buf), count, type));
    }

    static void readAtAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READATALLEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeAtAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEATALLEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void readAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READALLEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeAllEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEALLEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void readOrderedEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) READORDEREDEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static void writeOrderedEnd(File self, long fh, Object buf, long[] stat) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment st = allocStatus(a);
            check((int) WRITEORDEREDEND.H.invokeExact(fh, direct(buf), st));
            statusToJava(st, stat, -1);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
