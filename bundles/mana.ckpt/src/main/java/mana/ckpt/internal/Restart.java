package mana.ckpt.internal;

import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.Buffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mana.ckpt.engine.Restored;
import mana.ckpt.store.CheckpointException;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.RankFileInfo;
import mana.ckpt.store.RankFileReader;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.OpDescriptor;
import mana.core.desc.Reconstruction;
import mana.core.desc.RequestDescriptor;
import mana.core.desc.RestoredUserOp;
import mana.core.desc.SavedInput;
import mana.core.desc.Sequence;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.vid.Constants;
import mana.core.vid.HandleObjects;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Drained;
import mana.wrappers.base.Lower;
import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * A restart of this rank from a committed checkpoint directory, right after MPI_Init: verify
 * (manifest, world size, this rank's file and every checksum, agreed by all ranks before any
 * collective rebuild), then give the handle table its saved layout, rebuild every descriptor
 * kind in (restore order, creation sequence) order at the same handles, restore counters, the
 * drain buffer and the requests, and read the application's state back.
 */
final class Restart {
    private final Path dir;
    private final List<DescriptorKind> kinds;
    private final ClassLoader appLoader;
    /** This rank's file: in {@link #dir}, or the copy {@link LevelRestore} chose. */
    private Path rankFile;

    Restart(Path dir, List<DescriptorKind> kinds, ClassLoader appLoader) {
        this.dir = dir;
        this.kinds = kinds;
        this.appLoader = appLoader;
    }

    static ManaException refused(String why) {
        return ManaException.of(ErrorClass.OTHER, "MANA restart refused: " + why);
    }

    Restored run() throws ManaException {
        Thread warmUp = new Thread(StateStreams::warmUp, "mana-restart-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
        WorldExchange x;
        try {
            x = new WorldExchange();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        // Everything this rank can check alone is checked before the ranks agree, so that any
        // problem refuses the restart on every rank with the same message (no rank left waiting
        // in a collective rebuild that another rank never enters).
        rankFile = dir.resolve(CheckpointFormat.rankFileName(x.rank));
        try {
            LevelRestore.Result levels = LevelRestore.run(x, dir);
            if (levels != null && levels.problem() != null) {
                throw refused(levels.problem());
            }
            if (levels != null) {
                rankFile = levels.file();
                if (x.rank == 0) {
                    System.err.println("[mana] restart from " + levels.report());
                }
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } catch (RuntimeException e) {
            // a manifest whose level properties do not fit together (the same on every rank)
            throw refused("checkpoint " + dir + ": its checkpoint level cannot be used: " + describe(e));
        }
        Decoded decoded = null;
        String problem = null;
        try {
            decoded = decode(x.rank, x.size);
        } catch (CheckpointException e) {
            problem = e.getMessage();
        } catch (IOException | ManaException | MPIException | RuntimeException | StackOverflowError | OutOfMemoryError e) {
            problem = "rank file " + rankFile + ": " + describe(e);
        }
        String reason;
        try {
            long[] cut = decoded == null ? new long[3] : decoded.cut();
            WorldExchange.Gathered g = x.agreeAndGather(problem, cut);
            reason = g.problem() != null ? g.problem() : sameCut(g.values());
        } catch (MPIException e) {
            throw Lower.error(e);
        }
        if (reason != null) {
            throw refused("checkpoint " + dir + ": " + reason);
        }
        try {
            return apply(decoded, x);
        } catch (IOException | RuntimeException e) {
            throw refused("checkpoint " + dir + ", rank " + x.rank + ": " + describe(e));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    /**
     * The rank files of one checkpoint come from one cut: the same seq, safe point and
     * MPI_COMM_WORLD collective clock on every rank (a file of another cut, resealed into the
     * manifest, differs here). Null when they agree, else the reason.
     */
    static String sameCut(long[][] cuts) {
        for (int r = 1; r < cuts.length; r++) {
            if (!java.util.Arrays.equals(cuts[r], cuts[0])) {
                return "the rank files are not of one cut: rank 0 has seq " + cuts[0][0] + ", safe point " + cuts[0][1]
                        + ", MPI_COMM_WORLD collective " + cuts[0][2] + "; rank " + r + " has seq " + cuts[r][0]
                        + ", safe point " + cuts[r][1] + ", collective " + cuts[r][2];
            }
        }
        return null;
    }

    /** A reason in words: the message of a checked problem, the class too for anything else. */
    static String describe(Throwable e) {
        if (e instanceof StackOverflowError) {
            return "the saved application state nests too deeply to be read back";
        }
        if (e instanceof OutOfMemoryError) {
            return "reading it back needs more memory than this JVM has (" + e.getMessage() + ")";
        }
        String m = e.getMessage();
        if (e instanceof IOException || e instanceof ManaException || e instanceof MPIException) {
            return m != null ? m : e.getClass().getSimpleName();
        }
        return e.getClass().getSimpleName() + (m != null ? ": " + m : "");
    }

    private static void close(RankFileReader r) {
        if (r != null) {
            try {
                r.close();
            } catch (IOException ignored) {
                // read only
            }
        }
    }

    /** The manifest, the world size and this rank's file with every checksum. */
    private RankFileReader verified(Manifest m, int rank, int size) throws CheckpointException {
        if (m.worldSize() != size) {
            throw new CheckpointException(CheckpointException.Problem.WORLD_SIZE_MISMATCH, "the checkpoint was taken with "
                    + m.worldSize() + " ranks; this job has " + size + " ranks");
        }
        RankFileInfo expected = m.ranks().get(rank);
        if (!expected.fileName().equals(CheckpointFormat.rankFileName(rank))) {
            throw new CheckpointException(CheckpointException.Problem.CORRUPT, "the manifest names file '"
                    + expected.fileName() + "' for rank " + rank);
        }
        RankFileReader r = RankFileReader.open(rankFile);
        try {
            if (r.rank() != rank || r.worldSize() != size || r.seq() != m.seq()) {
                throw new CheckpointException(CheckpointException.Problem.CORRUPT, "rank file " + r.file() + " is for rank "
                        + r.rank() + " of " + r.worldSize() + ", seq " + r.seq() + "; the manifest expects rank " + rank
                        + " of " + size + ", seq " + m.seq());
            }
            if (r.size() != expected.size()) {
                throw new CheckpointException(r.size() < expected.size() ? CheckpointException.Problem.TRUNCATED
                        : CheckpointException.Problem.CORRUPT, "rank file " + r.file() + " is " + r.size()
                        + " bytes, the manifest says " + expected.size());
            }
            RankFileInfo info = r.verify();
            if (info.crc32c() != expected.crc32c()) {
                throw new CheckpointException(CheckpointException.Problem.CHECKSUM, "rank file " + r.file()
                        + " does not match the manifest (" + info + "; manifest: " + expected + ")");
            }
            return r;
        } catch (CheckpointException e) {
            close(r);
            throw e;
        }
    }

    private static ByteInput data(RankFileReader r, String section) throws CheckpointException {
        return new ByteInput(r.readSection(section));
    }

    private final Phases phases = new Phases("mana restart");

    private void phase(String what) {
        phases.phase(what);
    }

    /** What {@link #decode} read and checked, for {@link #apply} to rebuild. */
    private record Decoded(long seq, long safePoint, AppObjects objects, List<Descriptor> descriptors,
                           Map<Descriptor, Integer> vids, Map<Descriptor, DescriptorKind> kindOf, Map<Integer, Integer> order,
                           List<SavedRequest> requests, List<Drained.Message> messages, long worldClock) {
        /** What every rank's file must agree on (see {@link Restart#sameCut}). */
        long[] cut() {
            return new long[] {seq, safePoint, worldClock};
        }
    }

    /**
     * Everything this rank does alone: verifies the manifest and its rank file, reads and checks
     * every section (counts and lengths against the bytes there are), restores the handle table's
     * layout and the counters, reads the application's state and loads the descriptors. No
     * collective call: any failure here is agreed on before a rank starts rebuilding.
     */
    private Decoded decode(int rank, int size) throws CheckpointException, IOException, ManaException, MPIException {
        if (!Files.isDirectory(dir)) {
            throw new CheckpointException(CheckpointException.Problem.MISSING_FILE, "no checkpoint directory " + dir);
        }
        Manifest m = Manifest.read(dir.resolve(CheckpointFormat.MANIFEST_FILE));
        try (RankFileReader r = verified(m, rank, size)) {
            phase("verify");
            ByteInput engine = data(r, Sections.ENGINE);
            int format = engine.readInt();
            if (format != Sections.FORMAT) {
                throw new IOException("engine section format " + format + ", this MANA reads " + Sections.FORMAT);
            }
            long seq = engine.readLong();
            long safePoint = engine.readLong();
            int worldSize = engine.readInt();
            long nextSequence = engine.readLong();
            long gidCounter = engine.readLong();
            String jobId = engine.readUTF();
            if (seq != r.seq() || worldSize != r.worldSize()) {
                throw new IOException("engine section says seq " + seq + ", " + worldSize + " ranks; the file's header says seq "
                        + r.seq() + ", " + r.worldSize() + " ranks");
            }
            if (!jobId.equals(m.jobId())) {
                throw new IOException("written by job '" + jobId + "', but the manifest is of job '" + m.jobId() + "'");
            }
            if (safePoint < 0 || nextSequence < 0 || gidCounter < 0) {
                throw new IOException("engine section has a negative counter (safe point " + safePoint + ", sequence "
                        + nextSequence + ", gid counter " + gidCounter + ")");
            }
            Sequence.restoreAtLeast(nextSequence);
            Comms.restoreGidCounter(gidCounter);

            Handles.TABLE.restoreLayout(data(r, Sections.TABLE));
            restoreWorld(data(r, Sections.WORLD));
            phase("table, counters");

            AppObjects objects = readObjects(r);
            boolean transparent = r.section(Sections.HEAP).isPresent();
            if (transparent) {
                // a transparent checkpoint: its state is the heap image (read and checked here, restored by mana.ckpt.heap)
                objects = objects.withAppState(new mana.ckpt.engine.HeapSection(r.readSectionChunks(Sections.HEAP, HEAP_CHUNK)));
            }
            phase("objects");

            // descriptors of every kind; a kind the checkpoint has but no installed bundle provides is refused
            Map<String, DescriptorKind> byName = new HashMap<>();
            Map<Integer, Integer> order = new HashMap<>();
            for (DescriptorKind k : kinds) {
                byName.put(k.name(), k);
                order.put(k.kind(), k.restoreOrder());
            }
            for (var s : r.sections()) {
                if (s.name().startsWith(Sections.DESCRIPTORS) && !byName.containsKey(s.name().substring(Sections.DESCRIPTORS.length()))) {
                    throw new IOException("the checkpoint holds " + s.name().substring(Sections.DESCRIPTORS.length())
                            + " objects, but no installed bundle provides that descriptor kind");
                }
            }
            Map<Descriptor, Integer> vids = new HashMap<>();
            Map<Descriptor, DescriptorKind> kindOf = new HashMap<>();
            List<Descriptor> all = new ArrayList<>();
            for (DescriptorKind k : kinds) {
                String name = Sections.descriptors(k.name());
                if (r.section(name).isEmpty()) {
                    continue;
                }
                ByteInput in = data(r, name);
                int kind = in.readInt();
                if (kind != k.kind()) {
                    throw new IOException("section '" + name + "' is marked kind " + kind + ", expected " + k.kind());
                }
                int n = SavedInput.count(in, 8, name + " descriptor");
                for (int i = 0; i < n; i++) {
                    int vid;
                    Descriptor d;
                    try {
                        vid = in.readInt();
                        d = k.load(in.slice(in.readInt()));
                    } catch (IOException | RuntimeException e) {
                        throw new IOException("section '" + name + "', descriptor " + i + " of " + n + ": " + describe(e), e);
                    }
                    List<Object> saved = objects.descriptorObjects(k.name(), d.sequence());
                    if (saved != null) {
                        k.bindObjects(d, saved);
                    }
                    if (d instanceof OpDescriptor o && o.userFunction() instanceof RestoredUserOp u) {
                        Object f = objects.opFunctions().get(o.sequence());
                        if (f != null) {
                            u.bind(HandleObjects.get().userOp(f));
                        } else if (!transparent) { // else the heap image carries it: mana.ckpt.heap binds it when reading the image
                            throw new IOException("the function of op #" + o.sequence() + " is missing from the checkpoint");
                        }
                    }
                    vids.put(d, vid);
                    kindOf.put(d, k);
                    all.add(d);
                }
                if (in.remaining() != 0) {
                    throw new IOException("section '" + name + "' has " + in.remaining() + " bytes after its " + n + " descriptors");
                }
            }
            phase("load " + all.size() + " descriptors");
            // the communicators drained messages and requests may name, with their number of peers
            Map<Integer, Integer> comms = new HashMap<>();
            for (int v : new int[] {Cut.WORLD, Cut.SELF}) {
                comms.put(v, ((CommDescriptor) Constants.descriptor(v)).peers());
            }
            for (Descriptor d : all) {
                if (d instanceof CommDescriptor c && vids.get(d) != Vid.NULL) {
                    comms.put(vids.get(d), c.peers());
                }
            }
            List<SavedRequest> requests = readRequests(data(r, Sections.REQUESTS), objects.buffers().size(), comms);
            List<Drained.Message> messages = readDrain(data(r, Sections.DRAIN), comms);
            long worldClock = ((CommDescriptor) Constants.descriptor(Cut.WORLD)).collectiveSeq();
            return new Decoded(seq, safePoint, objects, all, vids, kindOf, order, requests, messages, worldClock);
        }
    }

    /** The heap image is read in arrays of this size (no 2 GiB limit of one array). */
    private static final int HEAP_CHUNK = 64 << 20;

    /** Rebuilds the descriptors (collective), re-posts the requests, fills the drain buffer. */
    private Restored apply(Decoded d, WorldExchange x) throws IOException, MPIException, ManaException {
        for (Descriptor desc : Reconstruction.order(d.descriptors(), d.order())) {
            Object lower = d.kindOf().get(desc).rebuild(desc);
            int vid = d.vids().get(desc);
            if (vid != Vid.NULL) {
                Handles.TABLE.restore(vid, lower, desc);
            }
        }
        phase("rebuild");
        int early = restoreRequests(d.requests(), d.objects().buffers());
        Drained.reset(d.messages(), early);
        x.barrier(); // every rank restored before any application message
        phase("requests, drain buffer, barrier");
        return new Restored(d.seq(), d.safePoint(), d.objects().appState());
    }

    /** The drained messages, each length checked against the section before its bytes are allocated. */
    static List<Drained.Message> readDrain(ByteInput drain, Map<Integer, Integer> comms) throws IOException {
        int n = SavedInput.count(drain, 16, "drained message");
        List<Drained.Message> messages = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int comm = drain.readInt();
            int source = drain.readInt();
            int tag = drain.readInt();
            int length = drain.readInt();
            Integer peers = comms.get(comm);
            if (peers == null || source < 0 || source >= peers || tag < 0) {
                throw new IOException("section 'drain': message " + i + " of " + n + " is from " + (peers == null
                        ? "communicator " + Vid.toString(comm) + ", which the checkpoint does not hold"
                        : "rank " + source + " with tag " + tag + " of communicator " + Vid.toString(comm) + " (" + peers + " peers)"));
            }
            if (length < 0 || length > drain.remaining()) {
                throw new IOException("section 'drain': message " + i + " of " + n + " declares " + length
                        + " bytes, " + drain.remaining() + " are left");
            }
            byte[] bytes = new byte[length];
            drain.readFully(bytes);
            messages.add(new Drained.Message(comm, source, tag, bytes));
        }
        if (drain.remaining() != 0) {
            throw new IOException("section 'drain' has " + drain.remaining() + " bytes after its " + n + " messages");
        }
        return messages;
    }

    /** The saved requests; a buffer index must name one of the object stream's buffers. */
    static List<SavedRequest> readRequests(ByteInput in, int buffers, Map<Integer, Integer> comms) throws IOException {
        int format = in.readInt();
        if (format != SavedRequest.FORMAT) {
            throw new IOException("requests section format " + format);
        }
        int n = SavedInput.count(in, 31, "saved request");
        List<SavedRequest> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SavedRequest s = SavedRequest.read(in);
            if (s.bufferIndex() < -1 || s.bufferIndex() >= buffers) {
                throw new IOException("section 'requests': request " + i + " names buffer " + s.bufferIndex()
                        + "; the state holds " + buffers);
            }
            if (s.op() != null && !comms.containsKey(s.comm())) {
                throw new IOException("section 'requests': request " + i + " is on communicator " + Vid.toString(s.comm())
                        + ", which the checkpoint does not hold");
            }
            out.add(s);
        }
        if (in.remaining() != 0) {
            throw new IOException("section 'requests' has " + in.remaining() + " bytes after its " + n + " requests");
        }
        return out;
    }

    private void restoreWorld(DataInput in) throws IOException, MPIException, ManaException {
        for (int vid : new int[] {Cut.WORLD, Cut.SELF}) {
            CommDescriptor d = (CommDescriptor) Constants.descriptor(vid);
            int errhandler = in.readInt();
            d.restoreCollectiveSeq(in.readLong());
            int peers = in.readInt();
            if (peers != d.peers()) {
                throw new IOException("saved counters of " + peers + " peers for a communicator of " + d.peers());
            }
            for (int p = 0; p < peers; p++) {
                d.restoreCounts(p, in.readLong(), in.readLong());
            }
            if (errhandler != 0 && errhandler != d.errhandler()) {
                ((Comm) Handles.lower(vid, Kind.COMM)).setErrhandler(Comms.errhandler(errhandler));
                d.setErrhandler(errhandler);
            }
        }
    }

    private AppObjects readObjects(RankFileReader r) throws IOException {
        long length = r.section(Sections.OBJECTS).map(x -> x.length()).orElse(0L);
        try (InputStream in = r.openSection(Sections.OBJECTS)) {
            return StateStreams.read(in, HandleObjects.get(), appLoader, length);
        }
    }

    /** Re-posts pending receives, makes persistent requests again, keeps completions. Returns the number of completions kept. */
    private static int restoreRequests(List<SavedRequest> saved, List<Object> buffers) throws IOException, MPIException, ManaException {
        int early = 0;
        for (SavedRequest s : saved) {
            if (s.op() == null) {
                Handles.TABLE.restore(s.vid(), MPI.REQUEST_NULL, null); // completed at the cut
                continue;
            }
            Object buf = s.bufferIndex() >= 0 ? buffers.get(s.bufferIndex()) : null;
            Request lower = MPI.REQUEST_NULL;
            boolean receivePending = s.op().isReceive() && s.active() && s.completion() == null;
            if (s.op().isPersistent()) {
                lower = persistent(s, (Buffer) buf);
                if (receivePending) {
                    ((Prequest) lower).start();
                }
            } else if (receivePending && s.op() == RequestDescriptor.Op.IRECV) {
                lower = comm(s.comm()).iRecv((Buffer) buf, s.count(), Lower.type(s.type()), s.peer(), s.tag());
            } else if (s.completion() == null) {
                throw new IOException("request " + Vid.toString(s.vid()) + " (" + s.op() + ") was neither completed nor pending at the cut");
            }
            DatatypeDescriptor typeDescriptor = Vid.isPredefined(s.type()) ? null
                    : Handles.descriptor(s.type(), Kind.DATATYPE) instanceof DatatypeDescriptor dd ? dd : null;
            RequestDescriptor d = new RequestDescriptor(s.op(), s.comm(), buf, s.count(), s.type(), s.peer(), s.tag(),
                    typeDescriptor);
            if (s.op().isPersistent() && s.active()) {
                d.markStarted();
            }
            if (s.completion() != null) {
                d.completeEarly(s.completion());
                early++;
            }
            Handles.TABLE.restore(s.vid(), lower, d);
        }
        return early;
    }

    private static Comm comm(int vid) throws ManaException {
        return (Comm) Handles.lower(vid, Kind.COMM);
    }

    private static Prequest persistent(SavedRequest s, Buffer buf) throws MPIException, ManaException {
        Comm c = comm(s.comm());
        Datatype t = Lower.type(s.type());
        return switch (s.op()) {
            case SEND_INIT -> c.sendInit(buf, s.count(), t, s.peer(), s.tag());
            case BSEND_INIT -> c.bSendInit(buf, s.count(), t, s.peer(), s.tag());
            case SSEND_INIT -> c.sSendInit(buf, s.count(), t, s.peer(), s.tag());
            case RSEND_INIT -> c.rSendInit(buf, s.count(), t, s.peer(), s.tag());
            default -> c.recvInit(buf, s.count(), t, s.peer(), s.tag());
        };
    }
}
