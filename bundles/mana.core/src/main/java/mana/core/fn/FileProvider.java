package mana.core.fn;

import java.nio.Buffer;
import mana.core.error.ManaException;

/**
 * MPI-IO (area {@link Area#IO}). Files are virtual handles with a
 * {@link mana.core.desc.FileDescriptor}; data calls return the status fields (as p2p receives
 * do); non-blocking calls return virtual request handles. Buffers are what the application
 * passed (arrays or buffers; non-blocking calls need direct buffers, as in the raw binding).
 * Split collectives ({@code ...Begin}/{@code ...End}) keep the raw binding's behaviour: with a
 * heap buffer or array the Begin call does the whole operation and End returns its status.
 */
public interface FileProvider {
    @MpiName("MPI_File_open")
    int open(int comm, String path, int amode, int info) throws ManaException;

    /** Closes the file; returns the handle the application's object holds afterwards (null). */
    @MpiName("MPI_File_close")
    int close(int file) throws ManaException;

    @MpiName("MPI_File_delete")
    void delete(String path, int info) throws ManaException;

    @MpiName("MPI_File_set_size")
    void setSize(int file, long size) throws ManaException;

    @MpiName("MPI_File_preallocate")
    void preallocate(int file, long size) throws ManaException;

    @MpiName("MPI_File_get_size")
    long size(int file) throws ManaException;

    /** A new group handle. */
    @MpiName("MPI_File_get_group")
    int group(int file) throws ManaException;

    @MpiName("MPI_File_get_amode")
    int amode(int file) throws ManaException;

    @MpiName("MPI_File_set_info")
    void setInfo(int file, int info) throws ManaException;

    /** A new info handle. */
    @MpiName("MPI_File_get_info")
    int info(int file) throws ManaException;

    @MpiName("MPI_File_set_view")
    void setView(int file, long disp, int etype, int filetype, String datarep, int info) throws ManaException;

    @MpiName("MPI_File_read_at")
    long[] readAt(int file, long offset, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read_at_all")
    long[] readAtAll(int file, long offset, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_at")
    long[] writeAt(int file, long offset, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_at_all")
    long[] writeAtAll(int file, long offset, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iread_at")
    int iReadAt(int file, long offset, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iread_at_all")
    int iReadAtAll(int file, long offset, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iwrite_at")
    int iWriteAt(int file, long offset, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iwrite_at_all")
    int iWriteAtAll(int file, long offset, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read")
    long[] read(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read_all")
    long[] readAll(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write")
    long[] write(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_all")
    long[] writeAll(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iread")
    int iRead(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iread_all")
    int iReadAll(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iwrite")
    int iWrite(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iwrite_all")
    int iWriteAll(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_seek")
    void seek(int file, long offset, int whence) throws ManaException;

    @MpiName("MPI_File_get_position")
    long position(int file) throws ManaException;

    @MpiName("MPI_File_get_byte_offset")
    long byteOffset(int file, long offset) throws ManaException;

    @MpiName("MPI_File_read_shared")
    long[] readShared(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_shared")
    long[] writeShared(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iread_shared")
    int iReadShared(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_iwrite_shared")
    int iWriteShared(int file, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read_ordered")
    long[] readOrdered(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_ordered")
    long[] writeOrdered(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_seek_shared")
    void seekShared(int file, long offset, int whence) throws ManaException;

    @MpiName("MPI_File_get_position_shared")
    long positionShared(int file) throws ManaException;

    @MpiName("MPI_File_read_at_all_begin")
    void readAtAllBegin(int file, long offset, Object buf, int count, int type) throws ManaException;

    /** Status fields, or null when no Begin call preceded (as the raw binding returns). */
    @MpiName("MPI_File_read_at_all_end")
    long[] readAtAllEnd(int file, Object buf) throws ManaException;

    @MpiName("MPI_File_write_at_all_begin")
    void writeAtAllBegin(int file, long offset, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_at_all_end")
    long[] writeAtAllEnd(int file, Object buf) throws ManaException;

    @MpiName("MPI_File_read_all_begin")
    void readAllBegin(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read_all_end")
    long[] readAllEnd(int file, Object buf) throws ManaException;

    @MpiName("MPI_File_write_all_begin")
    void writeAllBegin(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_all_end")
    long[] writeAllEnd(int file, Object buf) throws ManaException;

    @MpiName("MPI_File_read_ordered_begin")
    void readOrderedBegin(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_read_ordered_end")
    long[] readOrderedEnd(int file, Object buf) throws ManaException;

    @MpiName("MPI_File_write_ordered_begin")
    void writeOrderedBegin(int file, Object buf, int count, int type) throws ManaException;

    @MpiName("MPI_File_write_ordered_end")
    long[] writeOrderedEnd(int file, Object buf) throws ManaException;

    /** In units of {@code type}'s base size, as the raw binding returns it. */
    @MpiName("MPI_File_get_type_extent")
    int typeExtent(int file, int type) throws ManaException;

    @MpiName("MPI_File_set_atomicity")
    void setAtomicity(int file, boolean atomic) throws ManaException;

    @MpiName("MPI_File_get_atomicity")
    boolean atomicity(int file) throws ManaException;

    @MpiName("MPI_File_sync")
    void sync(int file) throws ManaException;

    @MpiName("MPI_File_set_errhandler")
    void setErrhandler(int file, int errhandler) throws ManaException;

    /** A predefined errhandler handle (ERRORS_RETURN, the default for files, or ERRORS_ARE_FATAL). */
    @MpiName("MPI_File_get_errhandler")
    int errhandler(int file) throws ManaException;

    @MpiName("MPI_File_call_errhandler")
    void callErrhandler(int file, int errorCode) throws ManaException;

    /**
     * For errors MANA detects itself on a file: true when they must be returned as exceptions
     * (the file's errhandler is ERRORS_RETURN, the default for files; an invalid or null file
     * answers for MPI_FILE_NULL, whose default is ERRORS_RETURN too). No lower-half call.
     */
    @MpiName("mana.errorsReturn")
    boolean errorsReturn(int file);
}
