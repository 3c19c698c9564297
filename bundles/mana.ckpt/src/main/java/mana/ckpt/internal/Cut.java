package mana.ckpt.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectStreamException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.store.CheckpointException;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.PendingCheckpoint;
import mana.ckpt.store.RankFileInfo;
import mana.ckpt.store.RankFileWriter;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.OpDescriptor;
import mana.core.desc.RequestDescriptor;
import mana.core.desc.Sequence;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;
import mana.core.gate.CallerThreads;
import mana.core.gate.CheckpointGate;
import mana.core.vid.Constants;
import mana.core.vid.HandleObjects;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.core.vid.VidTable;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Drained;
import mana.wrappers.base.Lower;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * One checkpoint cut on this rank (collective over the job): close the gate, check what can
 * be saved, compare collective clocks, complete non-blocking collectives, drain messages in
 * flight, write the rank file, commit (rank 0). Every decision is agreed over the platform's
 * world duplicate, so the outcome is the same on every rank.
 */
final class Cut {
    static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");
    static final int SELF = Predefined.handle(Kind.COMM, "COMM_SELF");
    private static final long GATE_TIMEOUT_S = 60;
    /** A drain that sees no message for this long gives up (the checkpoint is abandoned, never a hang). */
    private static final long DRAIN_STALL_NS = Long.getLong("mana.ckpt.drainStallSeconds", 60) * 1_000_000_000L;

    private final CutRequest request;
    private final Object appState;
    private final List<DescriptorKind> kinds;
    private WorldExchange x;
    private long drained;
    private long bytes;
    private final Phases phases = new Phases("mana checkpoint");

    /** A communicator taking part in the cut: its handle and descriptor. */
    record LiveComm(int vid, CommDescriptor d) {
    }

    Cut(CutRequest request, Object appState, List<DescriptorKind> kinds, long drainedEarly) {
        this.request = request;
        this.appState = appState;
        this.kinds = kinds;
        this.drained = drainedEarly;
    }

    private CutOutcome aborted(String reason) {
        return new CutOutcome(false, request.seq(), bytes, drained, reason);
    }

    CutOutcome run() {
        boolean closed = CheckpointGate.GATE.close(GATE_TIMEOUT_S, TimeUnit.SECONDS);
        try {
            x = new WorldExchange();
            String reason = x.agree(closed ? localProblems() : "threads stayed inside MPI calls for "
                    + GATE_TIMEOUT_S + " s (the checkpoint gate could not close)");
            if (reason != null) {
                return aborted(reason);
            }
            phases.phase("gate, local checks, agree");
            reason = x.fromRankZero(clockMismatches());
            if (reason != null) {
                return aborted(reason);
            }
            phases.phase("collective clocks");
            Levels.Config levels = Levels.Config.fromSystem();
            LevelCut lc = levels == null ? null : new LevelCut(x, request, levels);
            if (lc != null) {
                reason = lc.prepare(); // the same on every rank
                if (reason != null) {
                    return aborted(reason);
                }
            }
            completeCollectives();
            for (DescriptorKind k : kinds) {
                k.atCut(); // e.g. windows complete their one-sided operations (collective over members)
            }
            String problem = drain();
            if (problem == null) {
                completeSends();
            }
            phases.phase("complete, drain");
            PendingCheckpoint pending = begin();
            phases.phase("begin");
            RankFileInfo info = null;
            if (problem != null) {
                // the drain did not finish: nothing is written
            } else if (pending != null) {
                try {
                    info = write(lc != null ? lc.openOwn() : pending.openRank(x.rank));
                } catch (mana.ckpt.engine.HeapSection.Refused e) {
                    // found while streaming the heap image: the part file is gone, the checkpoint is abandoned as for
                    // a refusal found before the cut (the message names the class and the path)
                    problem = e.getMessage();
                } catch (NotSerializableException e) {
                    problem = "the application state holds an object that is not Serializable: class " + e.getMessage();
                } catch (ObjectStreamException e) {
                    problem = "the application state cannot be written: " + e;
                } catch (IOException | RuntimeException | ManaException e) {
                    problem = "cannot write the rank file: " + e;
                }
            } else {
                problem = "cannot attach to checkpoint seq " + request.seq() + " in " + request.root();
            }
            phases.phase("write");
            // every rank's outcome and (rank 0, for the manifest) file size and CRC, in one exchange
            WorldExchange.Gathered written = x.agreeAndGather(problem,
                    info == null ? new long[] {0, 0} : new long[] {info.size(), info.crc32c()});
            if (written.problem() != null) {
                if (x.rank == 0 && pending != null) {
                    abortQuietly(pending);
                }
                return aborted(written.problem());
            }
            phases.phase("agree, gather");
            if (lc != null) {
                reason = x.agree(lc.afterWrite(pending, written.values(), phases));
                if (reason != null) {
                    if (x.rank == 0) {
                        abortQuietly(pending);
                    }
                    return aborted(reason);
                }
                phases.phase("level: agree");
            }
            String commitProblem = null;
            if (x.rank == 0) {
                commitProblem = commit(pending, infos(written.values()), lc);
            }
            phases.phase("commit");
            reason = x.fromRankZero(commitProblem);
            if (reason != null) {
                return aborted(reason);
            }
            phases.phase("outcome");
            if (lc != null) {
                lc.pruneLocal();
                lc.flushInBackground();
            }
            return new CutOutcome(true, request.seq(), bytes, drained, null);
        } catch (MPIException | ManaException e) {
            // an MPI error in the engine's own exchanges: the ranks cannot agree any more
            return aborted("MPI error during the checkpoint: " + e.getMessage());
        } finally {
            CheckpointGate.GATE.open();
        }
    }

    // ---- what can be saved ------------------------------------------------------------------

    /** This rank's reasons why the checkpoint cannot be taken, or null. */
    private String localProblems() {
        List<String> problems = new ArrayList<>();
        Map<Integer, DescriptorKind> byKind = new HashMap<>();
        for (DescriptorKind k : kinds) {
            byKind.put(k.kind(), k);
            try {
                k.beforeCheckpoint();
            } catch (ManaException | RuntimeException e) {
                problems.add(k.name() + ": " + e.getMessage());
                continue;
            }
            for (Descriptor d : k.descriptors()) {
                String why = k.unsupportedReason(d);
                if (why != null) {
                    problems.add(why);
                }
            }
        }
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            int vid = e.vid();
            int kind = Vid.kind(vid);
            if (vid == 0 || kind == Kind.REQUEST) {
                continue;
            }
            if (kind == Kind.MESSAGE && !byKind.containsKey(kind)) {
                problems.add("a matched message (" + Vid.toString(vid) + ", from MPI_Mprobe) has not been received yet,"
                        + " and no installed bundle can hold it across a checkpoint");
            } else if (!byKind.containsKey(kind)) {
                problems.add("live handle " + Vid.toString(vid) + " is of a kind (" + Kind.name(kind)
                        + ") that no installed bundle can rebuild at a restart");
            }
        }
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            if (d.isCancelled() && d.completion() == null) {
                problems.add("request " + Vid.toString(p.vid()) + " was cancelled but not completed yet");
            }
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    /** Every communicator this rank takes part in: MPI_COMM_WORLD, MPI_COMM_SELF and the live virtual ones. */
    static List<LiveComm> liveComms() {
        List<LiveComm> out = new ArrayList<>();
        if (Constants.descriptor(WORLD) instanceof CommDescriptor w) {
            out.add(new LiveComm(WORLD, w));
        }
        if (Constants.descriptor(SELF) instanceof CommDescriptor s) {
            out.add(new LiveComm(SELF, s));
        }
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if (Vid.kind(e.vid()) == Kind.COMM && e.descriptor() instanceof CommDescriptor d) {
                out.add(new LiveComm(e.vid(), d));
            }
        }
        return out;
    }

    /**
     * Rank 0's description of every communicator whose members are not all at the same
     * collective sequence number (the collective clock), or null.
     */
    private String clockMismatches() throws MPIException {
        List<Long> mine = new ArrayList<>();
        Map<Long, String> names = new HashMap<>();
        for (LiveComm c : liveComms()) {
            if (c.vid() == SELF) {
                continue; // one member: nothing to compare
            }
            mine.add(c.d().gid());
            mine.add(c.d().collectiveSeq());
            if (c.d().name() != null) {
                names.put(c.d().gid(), c.d().name());
            }
        }
        long[][] all = x.allGather(mine.stream().mapToLong(Long::longValue).toArray());
        if (x.rank != 0) {
            return null;
        }
        // gid -> (collective seq -> ranks)
        Map<Long, TreeMap<Long, List<Integer>>> byGid = new TreeMap<>();
        for (int r = 0; r < all.length; r++) {
            for (int i = 0; i + 1 < all[r].length; i += 2) {
                byGid.computeIfAbsent(all[r][i], g -> new TreeMap<>()).computeIfAbsent(all[r][i + 1], s -> new ArrayList<>()).add(r);
            }
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<Long, TreeMap<Long, List<Integer>>> e : byGid.entrySet()) {
            if (e.getValue().size() > 1) {
                List<String> parts = new ArrayList<>();
                for (Map.Entry<Long, List<Integer>> s : e.getValue().entrySet()) {
                    List<Integer> ranks = s.getValue();
                    parts.add((ranks.size() == 1 ? "rank " + ranks.get(0) : "ranks " + ranks) + " at collective " + s.getKey());
                }
                String name = names.get(e.getKey());
                out.add("communicator gid " + Long.toHexString(e.getKey()) + (name != null ? " (" + name + ")" : "")
                        + ": " + String.join(", ", parts));
            }
        }
        return out.isEmpty() ? null : "collective clocks disagree: " + String.join("; ", out);
    }

    // ---- completing and draining -----------------------------------------------------------

    /** Requests without a log entry (non-blocking collectives): every member is at the cut, so they complete. */
    private void completeCollectives() throws MPIException {
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            if (Vid.kind(e.vid()) == Kind.REQUEST && e.descriptor() == null && e.lower() instanceof Request r && !r.isNull()) {
                r.waitFor();
            }
        }
    }

    /**
     * Takes every message in flight to this rank off the network: learns from every rank how
     * many messages it sent here on each communicator, then tests pending receives (a message in
     * flight may match one) and receives the rest as bytes into the drain buffer, until every
     * sent message is accounted for.
     */
    private String drain() throws MPIException, ManaException {
        List<LiveComm> comms = liveComms();
        Map<Long, LiveComm> byGid = new HashMap<>();
        long[][] toEach = new long[x.size][];
        List<List<Long>> lists = new ArrayList<>();
        for (int r = 0; r < x.size; r++) {
            lists.add(new ArrayList<>());
        }
        for (LiveComm c : comms) {
            byGid.put(c.d().gid(), c);
            int[] members = peersOf(c.d());
            for (int p = 0; p < members.length; p++) {
                long sent = c.d().sentTo(p);
                if (sent > 0) {
                    lists.get(members[p]).add(c.d().gid());
                    lists.get(members[p]).add(sent);
                }
            }
        }
        for (int r = 0; r < x.size; r++) {
            toEach[r] = lists.get(r).stream().mapToLong(Long::longValue).toArray();
        }
        long[][] sentToMe = x.allToAll(toEach);
        // communicator -> per comm rank: messages still to arrive
        Map<LiveComm, long[]> missing = new LinkedHashMap<>();
        long outstanding = 0;
        for (int r = 0; r < x.size; r++) {
            for (int i = 0; i + 1 < sentToMe[r].length; i += 2) {
                LiveComm c = byGid.get(sentToMe[r][i]);
                if (c == null) {
                    continue; // a communicator this rank has freed: MPI does not deliver on it any more
                }
                int q = commRankOf(c.d(), r);
                if (q < 0) {
                    continue;
                }
                long m = sentToMe[r][i + 1] - c.d().receivedFrom(q);
                if (m > 0) {
                    missing.computeIfAbsent(c, k -> new long[c.d().peers()])[q] = m;
                    outstanding += m;
                }
            }
        }
        List<RequestDescriptor.Pending> receives = new ArrayList<>();
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            if (d.op().isReceive() && d.op() != RequestDescriptor.Op.IMRECV && d.isActive() && d.completion() == null) {
                receives.add(p);
            }
        }
        outstanding -= settleUnknownSources(comms, missing);
        long lastProgress = System.nanoTime();
        while (outstanding > 0) {
            if (System.nanoTime() - lastProgress > DRAIN_STALL_NS) {
                return outstanding + " message(s) counted as sent to this rank never arrived within "
                        + DRAIN_STALL_NS / 1_000_000_000L + " s of the drain (a send MANA did not see complete?)";
            }
            boolean progress = false;
            for (int i = 0; i < receives.size(); i++) {
                RequestDescriptor.Pending p = receives.get(i);
                Request r = (Request) Handles.TABLE.entry(p.vid(), Kind.REQUEST).lower();
                Status s = r.testStatus();
                if (s != null) {
                    long[] data = Lower.statusData(s);
                    RequestDescriptor d = p.descriptor();
                    LiveComm c = commOf(comms, d.comm());
                    int source = (int) data[0];
                    if (c != null && source >= 0) {
                        c.d().countReceived(source);
                        long[] m = missing.get(c);
                        if (m != null && source < m.length && m[source] > 0) {
                            m[source]--;
                            outstanding--;
                        }
                    }
                    Drained.earlyCompleted(d, data);
                    receives.remove(i--);
                    progress = true;
                }
            }
            for (Map.Entry<LiveComm, long[]> e : missing.entrySet()) {
                long left = 0;
                for (long v : e.getValue()) {
                    left += v;
                }
                if (left == 0) {
                    continue;
                }
                Drained.Message got = receiveOne(e.getKey());
                if (got != null) {
                    int source = got.source();
                    if (source < e.getValue().length && e.getValue()[source] > 0) {
                        e.getValue()[source]--;
                        outstanding--;
                    }
                    drained++;
                    progress = true;
                }
            }
            if (!progress) {
                Thread.onSpinWait();
            } else {
                outstanding -= settleUnknownSources(comms, missing);
                lastProgress = System.nanoTime();
            }
        }
        return null;
    }

    /**
     * Receives one message waiting on {@code c} (any source, any tag; a message that matches a
     * posted receive is that receive's, MPI never shows it to a probe) as bytes into the drain
     * buffer and counts it as received; null when none is there.
     */
    static Drained.Message receiveOne(LiveComm c) throws MPIException, ManaException {
        Comm lower = (Comm) lowerComm(c.vid());
        Status s = lower.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        if (s == null) {
            return null;
        }
        int source = s.getSource();
        int tag = s.getTag();
        int n = s.getCount(MPI.BYTE);
        byte[] data = new byte[n];
        lower.recv(data, n, MPI.BYTE, source, tag);
        Drained.Message m = new Drained.Message(c.vid(), source, tag, data);
        Drained.add(m);
        c.d().countReceived(source);
        return m;
    }

    /**
     * Messages a truncated ANY_SOURCE receive consumed ({@link CommDescriptor#receivedFromUnknownSource()})
     * were counted by their senders, so they are among the missing ones and never arrive. Once a
     * communicator misses no more messages than it has of unknown source, every real one has
     * arrived and the rest are exactly those: they are counted as received from the peers they
     * are missing from. Returns how many were settled.
     */
    private static long settleUnknownSources(List<LiveComm> comms, Map<LiveComm, long[]> missing) {
        long settled = 0;
        for (LiveComm c : comms) {
            long unknown = c.d().receivedFromUnknownSource();
            if (unknown == 0) {
                continue;
            }
            long[] m = missing.get(c);
            long left = 0;
            if (m != null) {
                for (long v : m) {
                    left += v;
                }
            }
            if (left <= unknown) {
                c.d().attributeUnknownSource(m != null ? m.clone() : new long[0]);
                if (m != null) {
                    java.util.Arrays.fill(m, 0);
                }
                settled += left;
            }
        }
        return settled;
    }

    /**
     * Sends still pending after every receiver drained: their messages have been received, so
     * they complete; the application's wait returns at once (also after a restart).
     */
    private void completeSends() throws MPIException, ManaException {
        for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
            RequestDescriptor d = p.descriptor();
            boolean pendingReceive = d.op().isReceive() && d.op() != RequestDescriptor.Op.IMRECV;
            if (!pendingReceive && d.isActive() && d.completion() == null) {
                Request r = (Request) Handles.TABLE.entry(p.vid(), Kind.REQUEST).lower();
                Status s = r.waitStatus();
                Drained.earlyCompleted(d, Lower.statusData(s));
            }
        }
    }

    private static Object lowerComm(int vid) throws ManaException {
        return Handles.lower(vid, Kind.COMM);
    }

    private static LiveComm commOf(List<LiveComm> comms, int vid) {
        for (LiveComm c : comms) {
            if (c.vid() == vid) {
                return c;
            }
        }
        return null;
    }

    /**
     * The world ranks of the ranks a message on this communicator goes to or comes from, by
     * the rank a send or a status names: the members, or an intercommunicator's remote group.
     */
    private static int[] peersOf(CommDescriptor d) {
        return d.isInter() ? d.remoteWorldRanks() : d.worldRanks();
    }

    /** The rank a send to, or a status from, world rank {@code worldRank} names on this communicator, or -1. */
    private static int commRankOf(CommDescriptor d, int worldRank) {
        int[] w = peersOf(d);
        for (int i = 0; i < w.length; i++) {
            if (w[i] == worldRank) {
                return i;
            }
        }
        return -1;
    }

    // ---- writing ------------------------------------------------------------------------------

    /** Rank 0 begins (or attaches to a checkpoint the coordinator began); the others attach. */
    private PendingCheckpoint begin() throws MPIException {
        CheckpointStore store = new CheckpointStore(request.root(), request.keep());
        PendingCheckpoint p = null;
        String problem = null;
        if (x.rank == 0) {
            try {
                p = store.attachCheckpoint(request.seq());
            } catch (CheckpointException e) {
                try {
                    p = store.beginCheckpoint(request.seq(), x.size, request.jobId());
                } catch (IOException | RuntimeException b) {
                    problem = b.getMessage();
                }
            }
        }
        problem = x.fromRankZero(problem);
        if (problem != null) {
            return null;
        }
        if (x.rank != 0) {
            try {
                p = store.attachCheckpoint(request.seq());
            } catch (CheckpointException e) {
                return null;
            }
        }
        return p;
    }

    private RankFileInfo write(RankFileWriter writer) throws IOException, ManaException {
        try (RankFileWriter w = writer) {
            w.writeSection(Sections.ENGINE, bytes(out -> {
                out.writeInt(Sections.FORMAT);
                out.writeLong(request.seq());
                out.writeLong(request.safePointIndex());
                out.writeInt(x.size);
                out.writeLong(Sequence.peek());
                out.writeLong(Comms.gidCounter());
                out.writeUTF(request.jobId());
            }));
            w.writeSection(Sections.TABLE, bytes(out -> Handles.TABLE.saveLayout(out)));
            w.writeSection(Sections.WORLD, bytes(out -> {
                for (int vid : new int[] {WORLD, SELF}) {
                    CommDescriptor d = (CommDescriptor) Constants.descriptor(vid);
                    out.writeInt(d.errhandler());
                    out.writeLong(d.collectiveSeq());
                    out.writeInt(d.peers());
                    for (int p = 0; p < d.peers(); p++) {
                        out.writeLong(d.sentTo(p));
                        out.writeLong(d.receivedFrom(p));
                    }
                }
            }));
            Map<Descriptor, Integer> vids = new IdentityHashMap<>();
            for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
                if (e.descriptor() != null) {
                    vids.put(e.descriptor(), e.vid());
                }
            }
            Map<Long, Object> opFunctions = new HashMap<>();
            Map<String, List<Object>> descriptorObjects = new HashMap<>();
            for (DescriptorKind k : kinds) {
                List<? extends Descriptor> ds = k.descriptors();
                w.writeSection(Sections.descriptors(k.name()), bytes(out -> {
                    out.writeInt(k.kind());
                    out.writeInt(ds.size());
                    for (Descriptor d : ds) {
                        ByteArrayOutputStream one = new ByteArrayOutputStream();
                        k.save(d, new DataOutputStream(one));
                        out.writeInt(vids.getOrDefault(d, Vid.NULL));
                        out.writeInt(one.size());
                        one.writeTo(out);
                    }
                }));
                for (Descriptor d : ds) {
                    // a transparent checkpoint's heap image carries op functions (Kryo: no Serializable needed, identity shared)
                    if (d instanceof OpDescriptor o && o.userFunction() instanceof TypeProvider.UserOp u
                            && !(appState instanceof mana.ckpt.engine.HeapSection)) {
                        opFunctions.put(o.sequence(), u.function());
                    }
                    List<Object> objects = k.objects(d);
                    if (!objects.isEmpty()) {
                        descriptorObjects.put(AppObjects.key(k.name(), d.sequence()), new ArrayList<>(objects));
                    }
                }
            }
            List<Object> buffers = new ArrayList<>();
            List<SavedRequest> requests = savedRequests(buffers);
            w.writeSection(Sections.REQUESTS, bytes(out -> {
                out.writeInt(SavedRequest.FORMAT);
                out.writeInt(requests.size());
                for (SavedRequest r : requests) {
                    r.write(out);
                }
            }));
            List<Drained.Message> messages = Drained.messages();
            w.writeSection(Sections.DRAIN, bytes(out -> {
                out.writeInt(messages.size());
                for (Drained.Message m : messages) {
                    out.writeInt(m.comm());
                    out.writeInt(m.source());
                    out.writeInt(m.tag());
                    out.writeInt(m.data().length);
                    out.write(m.data());
                }
            }));
            Object state = appState;
            if (appState instanceof mana.ckpt.engine.HeapSection h) {
                w.writeSection(Sections.HEAP, h::writeTo); // built while written (streamed), or chunk by chunk
                state = null;
            }
            Object objectsState = state;
            HandleObjects handles = HandleObjects.get();
            w.writeSection(Sections.OBJECTS, out -> {
                StateStreams.Out os = new StateStreams.Out(out, handles);
                os.writeObject(new AppObjects(objectsState, opFunctions, buffers, descriptorObjects));
                os.flush();
            });
            RankFileInfo info = w.finish();
            bytes = info.size();
            return info;
        }
    }

    /** Every live request handle after the drain (see {@link SavedRequest}). */
    private static List<SavedRequest> savedRequests(List<Object> buffers) {
        List<SavedRequest> out = new ArrayList<>();
        for (VidTable.Entry e : Handles.TABLE.liveEntries()) {
            int vid = e.vid();
            if (Vid.kind(vid) != Kind.REQUEST) {
                continue;
            }
            if (e.descriptor() instanceof RequestDescriptor d) {
                int index = -1;
                if (d.buffer() != null) {
                    index = buffers.size();
                    buffers.add(d.buffer());
                }
                out.add(new SavedRequest(vid, d.op(), d.comm(), d.count(), d.type(), d.peer(), d.tag(), d.isActive(),
                        index, d.completion()));
            } else {
                out.add(new SavedRequest(vid, null, 0, 0, 0, 0, 0, false, -1, null));
            }
        }
        return out;
    }

    interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] bytes(Body body) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(b);
        body.write(out);
        out.flush();
        return b.toByteArray();
    }

    /** Every rank's file size and CRC as gathered (so the commit trusts them instead of re-reading). */
    private static RankFileInfo[] infos(long[][] all) {
        RankFileInfo[] out = new RankFileInfo[all.length];
        for (int r = 0; r < all.length; r++) {
            out[r] = new RankFileInfo(r, mana.ckpt.store.CheckpointFormat.rankFileName(r), all[r][0], (int) all[r][1]);
        }
        return out;
    }

    private String commit(PendingCheckpoint pending, RankFileInfo[] infos, LevelCut lc) {
        try {
            for (RankFileInfo i : infos) {
                pending.recordRank(i);
            }
            pending.setProperty("safePointIndex", Long.toString(request.safePointIndex()));
            if (CallerThreads.initThreadRequired() >= 0) {
                pending.setProperty(CheckpointStore.INIT_THREAD, Integer.toString(CallerThreads.initThreadRequired()));
            }
            if (lc != null) {
                lc.describe(pending);
            }
            if (lc != null && lc.level() != Levels.Level.SHARED) {
                pending.commitElsewhere(); // the files are on the nodes, written and forced
            } else {
                pending.commit(PendingCheckpoint.Verify.QUICK);
            }
            return null;
        } catch (CheckpointException | RuntimeException e) {
            abortQuietly(pending);
            return "commit failed: " + e.getMessage();
        }
    }

    private static void abortQuietly(PendingCheckpoint p) {
        try {
            p.abort();
        } catch (IOException | RuntimeException ignored) {
            // the next beginCheckpoint removes the leftovers
        }
    }
}
