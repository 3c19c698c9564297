package mana.core.desc;

import java.util.LinkedHashMap;
import java.util.Map;
import mana.core.vid.Kind;

/**
 * An open MPI-IO file: what a restart needs to open it again and put it back where it was.
 * Fixed at open: path, access mode, communicator handle, info hints. Updated by the wrappers:
 * view (displacement, etype, filetype, data representation), atomicity, errhandler. Refreshed
 * at a checkpoint (and on request) from the lower half: individual and shared file pointers
 * (in etype units of the view) and the size in bytes.
 *
 * <p>Datatypes of the view are kept as handles (predefined or virtual) and their descriptors
 * (retained while the view uses them, so a freed filetype can still be rebuilt).
 */
public final class FileDescriptor implements Descriptor {
    private final long sequence;
    private final String path;
    private final int amode;
    private final int comm;
    private final Map<String, String> hints;

    private long disp;
    private int etype;
    private int filetype;
    private DatatypeDescriptor etypeDesc;
    private DatatypeDescriptor filetypeDesc;
    /** Creation sequences of the view's derived datatypes when loaded from a checkpoint (-1: none). */
    private long etypeSeq = -1;
    private long filetypeSeq = -1;
    private String datarep = "native";
    private boolean atomic;
    private int errhandler;
    private long position;
    private long sharedPosition;
    private long size;

    /**
     * @param etype    handle of MPI.BYTE (the default view's etype and filetype)
     */
    public FileDescriptor(String path, int amode, int comm, Map<String, String> hints, int etype) {
        this(Sequence.next(), path, amode, comm, hints, etype);
    }

    /** With an explicit creation sequence (a checkpoint loading a saved descriptor). */
    public FileDescriptor(long sequence, String path, int amode, int comm, Map<String, String> hints, int etype) {
        this.sequence = sequence;
        this.path = path;
        this.amode = amode;
        this.comm = comm;
        this.hints = new LinkedHashMap<>(hints);
        this.etype = etype;
        this.filetype = etype;
    }

    @Override
    public int kind() {
        return Kind.FILE;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public String path() {
        return path;
    }

    public int amode() {
        return amode;
    }

    /** The communicator handle the file was opened on. */
    public int comm() {
        return comm;
    }

    /** The info hints given at open, in insertion order. */
    public Map<String, String> hints() {
        return new LinkedHashMap<>(hints);
    }

    /**
     * Sets the view; the descriptors of derived datatypes (null for predefined ones) are retained
     * here and the previous view's released.
     */
    public synchronized void setView(long disp, int etype, DatatypeDescriptor etypeDesc, int filetype,
                                     DatatypeDescriptor filetypeDesc, String datarep) {
        if (etypeDesc != null) {
            etypeDesc.retain();
        }
        if (filetypeDesc != null) {
            filetypeDesc.retain();
        }
        releaseView();
        this.disp = disp;
        this.etype = etype;
        this.etypeDesc = etypeDesc;
        this.filetype = filetype;
        this.filetypeDesc = filetypeDesc;
        this.datarep = datarep;
    }

    /**
     * The view as a checkpoint saved it: datatypes by handle and, for derived ones, by the
     * creation sequence of their descriptor (-1 for predefined), resolved at rebuild.
     */
    public synchronized void restoreView(long disp, int etype, long etypeSeq, int filetype, long filetypeSeq,
                                         String datarep) {
        releaseView();
        this.disp = disp;
        this.etype = etype;
        this.etypeSeq = etypeSeq;
        this.filetype = filetype;
        this.filetypeSeq = filetypeSeq;
        this.datarep = datarep;
    }

    /** Creation sequence of the etype's descriptor, -1 when the etype is predefined. */
    public synchronized long etypeSequence() {
        return etypeDesc != null ? etypeDesc.sequence() : etypeSeq;
    }

    public synchronized long filetypeSequence() {
        return filetypeDesc != null ? filetypeDesc.sequence() : filetypeSeq;
    }

    /** Drops the view's hold on its datatypes (at close). */
    public synchronized void releaseView() {
        if (etypeDesc != null) {
            etypeDesc.release();
            etypeDesc = null;
        }
        if (filetypeDesc != null) {
            filetypeDesc.release();
            filetypeDesc = null;
        }
    }

    public synchronized long disp() {
        return disp;
    }

    public synchronized int etype() {
        return etype;
    }

    public synchronized int filetype() {
        return filetype;
    }

    /** The etype's descriptor, null when it is predefined. */
    public synchronized DatatypeDescriptor etypeDescriptor() {
        return etypeDesc;
    }

    public synchronized DatatypeDescriptor filetypeDescriptor() {
        return filetypeDesc;
    }

    public synchronized String datarep() {
        return datarep;
    }

    public synchronized boolean atomic() {
        return atomic;
    }

    public synchronized void setAtomic(boolean atomic) {
        this.atomic = atomic;
    }

    /** The predefined errhandler handle in force; 0 = the default for files (ERRORS_RETURN). */
    public synchronized int errhandler() {
        return errhandler;
    }

    public synchronized void setErrhandler(int errhandler) {
        this.errhandler = errhandler;
    }

    /** Individual file pointer, in etype units of the view, as last refreshed. */
    public synchronized long position() {
        return position;
    }

    /** Shared file pointer, in etype units of the view, as last refreshed (0 when not available). */
    public synchronized long sharedPosition() {
        return sharedPosition;
    }

    /** File size in bytes, as last refreshed. */
    public synchronized long size() {
        return size;
    }

    /** Records what only the lower half knows (at a checkpoint). */
    public synchronized void refresh(long position, long sharedPosition, long size) {
        this.position = position;
        this.sharedPosition = sharedPosition;
        this.size = size;
    }

    @Override
    public synchronized String summary() {
        return "file " + path + " amode=" + amode + " comm=" + mana.core.vid.Vid.toString(comm) + " view(disp=" + disp
                + " etype=" + mana.core.vid.Vid.toString(etype) + " filetype=" + mana.core.vid.Vid.toString(filetype)
                + " " + datarep + ")" + (atomic ? " atomic" : "") + " pos=" + position + " shared=" + sharedPosition
                + " size=" + size + (hints.isEmpty() ? "" : " hints=" + hints);
    }
}
