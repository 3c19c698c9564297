package mana.wrappers.io;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.FileDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mpi.Datatype;
import mpi.File;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * The file kind. At a checkpoint it reads each open file's individual and shared pointers and
 * size from the lower half into the descriptor; a rebuild opens the file again on the same
 * communicator with the same mode (minus CREATE and EXCL: the file exists now) and hints, then
 * sets the view, atomicity and errhandler and seeks both pointers back. Opening is collective,
 * so every rank rebuilds its files in creation order, after communicators and datatypes.
 */
@Component(service = DescriptorKind.class)
public final class FileKind implements DescriptorKind {
    static final int FORMAT = 1;

    @Override
    public int kind() {
        return Kind.FILE;
    }

    @Override
    public String name() {
        return "file";
    }

    @Override
    public int restoreOrder() {
        return ORDER_FILE;
    }

    @Override
    public List<? extends Descriptor> descriptors() {
        List<Descriptor> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.FILE && e.descriptor() instanceof FileDescriptor d) {
                out.add(d);
            }
        }
        return out;
    }

    /** Reads pointers and size of every open file (the gate is closed: the lower half is called directly). */
    @Override
    public void beforeCheckpoint() throws ManaException {
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if ((e.vid() >>> 28) == Kind.FILE && e.descriptor() instanceof FileDescriptor d
                    && e.lower() instanceof File f) {
                try {
                    d.refresh(sequential(d) ? 0 : f.getPosition(), sharedPosition(f), f.getSize());
                } catch (MPIException x) {
                    throw Lower.error(x);
                }
            }
        }
    }

    static boolean sequential(FileDescriptor d) {
        return (d.amode() & MPI.MODE_SEQUENTIAL) != 0;
    }

    /** The shared pointer, or 0 where the file system gives none (Open MPI needs a shared-pointer component). */
    private static long sharedPosition(File f) {
        try {
            return f.getPositionShared();
        } catch (MPIException e) {
            return 0;
        }
    }

    @Override
    public void save(Descriptor descriptor, DataOutput out) throws IOException {
        FileDescriptor d = (FileDescriptor) descriptor;
        out.writeInt(FORMAT);
        out.writeLong(d.sequence());
        out.writeUTF(d.path());
        out.writeInt(d.amode());
        out.writeInt(d.comm());
        writePairs(out, d.hints());
        out.writeLong(d.disp());
        out.writeInt(d.etype());
        out.writeLong(d.etypeSequence());
        out.writeInt(d.filetype());
        out.writeLong(d.filetypeSequence());
        out.writeUTF(d.datarep());
        out.writeBoolean(d.atomic());
        out.writeInt(d.errhandler());
        out.writeLong(d.position());
        out.writeLong(d.sharedPosition());
        out.writeLong(d.size());
    }

    @Override
    public Descriptor load(DataInput in) throws IOException {
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException("file descriptor format " + format + ", expected " + FORMAT);
        }
        long sequence = in.readLong();
        String path = in.readUTF();
        int amode = in.readInt();
        int comm = in.readInt();
        Map<String, String> hints = readPairs(in);
        FileDescriptor d = new FileDescriptor(sequence, path, amode, comm, hints, FileWrappers.BYTE);
        long disp = in.readLong();
        int etype = in.readInt();
        long etypeSeq = in.readLong();
        int filetype = in.readInt();
        long filetypeSeq = in.readLong();
        d.restoreView(disp, etype, etypeSeq, filetype, filetypeSeq, in.readUTF());
        d.setAtomic(in.readBoolean());
        d.setErrhandler(in.readInt());
        d.refresh(in.readLong(), in.readLong(), in.readLong());
        return d;
    }

    @Override
    public Object rebuild(Descriptor descriptor) throws ManaException {
        FileDescriptor d = (FileDescriptor) descriptor;
        try {
            int amode = d.amode() & ~(MPI.MODE_CREATE | MPI.MODE_EXCL);
            File f = new File(Lower.comm(d.comm()), d.path(), amode, Infos.make(d.hints(), true));
            try {
                if (d.disp() != 0 || d.etype() != FileWrappers.BYTE || d.filetype() != FileWrappers.BYTE
                        || !"native".equals(d.datarep())) {
                    f.setView(d.disp(), type(d.etype(), d.etypeSequence()), type(d.filetype(), d.filetypeSequence()),
                            d.datarep());
                }
                if (d.atomic()) {
                    f.setAtomicity(true);
                }
                if (d.errhandler() != 0) {
                    f.setErrhandler(Comms.errhandler(d.errhandler()));
                }
                if (!sequential(d)) {
                    f.seek(d.position(), MPI.SEEK_SET);
                }
                f.seekShared(d.sharedPosition(), MPI.SEEK_SET);
            } catch (MPIException | ManaException e) {
                f.close();
                throw e;
            }
            return f;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /** The lower datatype of a saved view: the live handle, or the (possibly freed) descriptor's object. */
    static Datatype type(int vid, long sequence) throws ManaException {
        if (Vid.isPredefined(vid) || sequence < 0) {
            return Lower.type(vid);
        }
        for (DatatypeDescriptor dd : DatatypeDescriptor.live()) {
            if (dd.sequence() == sequence && dd.lower() instanceof Datatype t) {
                return t;
            }
        }
        if (Handles.TABLE.isLive(vid)) {
            return Lower.type(vid);
        }
        throw ManaException.of(ErrorClass.TYPE, "MANA: the file view's datatype " + Vid.toString(vid)
                + " (descriptor #" + sequence + ") was not rebuilt");
    }

    static void writePairs(DataOutput out, Map<String, String> pairs) throws IOException {
        out.writeInt(pairs.size());
        for (Map.Entry<String, String> e : pairs.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue());
        }
    }

    static Map<String, String> readPairs(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 16)) {
            throw new IOException("bad info pair count " + n);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            m.put(in.readUTF(), in.readUTF());
        }
        return m;
    }
}
