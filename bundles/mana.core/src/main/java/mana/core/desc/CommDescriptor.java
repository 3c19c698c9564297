package mana.core.desc;

import mana.core.gate.CallerThreads;
import mana.core.vid.Kind;

/**
 * A communicator: its members as world ranks, this rank's place, the job-unique gid all
 * members share, an optional Cartesian topology, and the counters the checkpoint drain and
 * the collective clock use.
 */
public final class CommDescriptor implements Descriptor {
    /** gid of MPI_COMM_WORLD (and of the platform's own duplicate of it). */
    public static final long WORLD_GID = 0L;

    private final long sequence;
    private final long gid;
    private final int rank;
    private final int[] worldRanks;
    private final Topology topology;
    private final boolean inter;
    /** The collective clock, one element (see {@link CallerThreads} for why not an AtomicLong). */
    private final long[] collectiveSeq = new long[1];
    private final long[] sent;
    private final long[] received;
    /**
     * Messages received from a source nobody knows: a receive from ANY_SOURCE that failed with
     * MPI_ERR_TRUNCATE consumed its message, but Open MPI's Java binding throws its status away.
     * The checkpoint drain attributes them once every other message has arrived.
     */
    private final long[] unknownSource = new long[1];
    /** Intercommunicators: the remote group's world ranks; null otherwise. */
    private final int[] remoteWorldRanks;
    /** The predefined errhandler handle in force (mana.core.vid.Predefined ERRHANDLERS); 0 = default (fatal). */
    private volatile int errhandler;
    private volatile String name;

    public CommDescriptor(long gid, int rank, int[] worldRanks, Topology topology, boolean inter) {
        this(Sequence.next(), gid, rank, worldRanks, topology, inter ? new int[0] : null);
    }

    /** An intercommunicator: local members, remote members (world ranks). */
    public static CommDescriptor inter(long gid, int rank, int[] worldRanks, int[] remoteWorldRanks) {
        return new CommDescriptor(Sequence.next(), gid, rank, worldRanks, null, remoteWorldRanks);
    }

    /**
     * With an explicit creation sequence (a checkpoint loading a saved descriptor). For an
     * intercommunicator {@code remoteWorldRanks} is non-null; peers in the counters are remote ranks.
     */
    public CommDescriptor(long sequence, long gid, int rank, int[] worldRanks, Topology topology,
            int[] remoteWorldRanks) {
        this.sequence = sequence;
        this.gid = gid;
        this.rank = rank;
        this.worldRanks = worldRanks.clone();
        this.topology = topology;
        this.inter = remoteWorldRanks != null;
        this.remoteWorldRanks = remoteWorldRanks == null ? null : remoteWorldRanks.clone();
        int peers = remoteWorldRanks == null ? worldRanks.length : Math.max(worldRanks.length, remoteWorldRanks.length);
        this.sent = new long[peers];
        this.received = new long[peers];
    }

    /** The world ranks of the remote group of an intercommunicator, null for an intracommunicator. */
    public int[] remoteWorldRanks() {
        return remoteWorldRanks == null ? null : remoteWorldRanks.clone();
    }

    /** The errhandler handle set on this communicator (0 until one is set or inherited: the default, fatal). */
    public int errhandler() {
        return errhandler;
    }

    public void setErrhandler(int errhandlerVid) {
        this.errhandler = errhandlerVid;
    }

    /** The name the application gave (MPI_Comm_set_name), or null. */
    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** Restores the collective clock (a checkpoint loading a saved descriptor). */
    public void restoreCollectiveSeq(long value) {
        CallerThreads.set(collectiveSeq, 0, value);
    }

    /** Restores the message counters of one peer (a checkpoint loading a saved descriptor). */
    public void restoreCounts(int peer, long sentCount, long receivedCount) {
        CallerThreads.set(sent, peer, sentCount);
        CallerThreads.set(received, peer, receivedCount);
    }

    /** Number of peers the message counters cover. */
    public int peers() {
        return sent.length;
    }

    /** A job-unique gid made by rank 0 of the new communicator: its world rank and a counter. */
    public static long makeGid(int worldRankOfLeader, long counter) {
        return ((long) (worldRankOfLeader + 1) << 32) | (counter & 0xFFFFFFFFL);
    }

    @Override
    public int kind() {
        return Kind.COMM;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public long gid() {
        return gid;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return worldRanks.length;
    }

    public int[] worldRanks() {
        return worldRanks.clone();
    }

    public int worldRank(int commRank) {
        return worldRanks[commRank];
    }

    /** The virtual topology (Cartesian, graph or distributed graph), or null. */
    public Topology topology() {
        return topology;
    }

    public boolean isInter() {
        return inter;
    }

    /** Called by collective wrappers before the lower-half call (the collective clock). */
    public long beginCollective() {
        return CallerThreads.increment(collectiveSeq, 0);
    }

    public long collectiveSeq() {
        return CallerThreads.get(collectiveSeq, 0);
    }

    /** Counts one message sent to {@code peer} (a rank in this communicator); no allocation. */
    public void countSent(int peer) {
        if (peer >= 0 && peer < sent.length) {
            CallerThreads.increment(sent, peer);
        }
    }

    public void countReceived(int peer) {
        if (peer >= 0 && peer < received.length) {
            CallerThreads.increment(received, peer);
        }
    }

    /** Adds {@code delta} (+1 or -1) to the messages received from {@code peer}; see {@link #countReceived}. */
    public void addReceived(int peer, int delta) {
        if (peer >= 0 && peer < received.length) {
            CallerThreads.add(received, peer, delta);
        }
    }

    /** Counts one message received from an unknown source (see {@link #receivedFromUnknownSource()}). */
    public void countReceivedFromUnknownSource() {
        CallerThreads.increment(unknownSource, 0);
    }

    /** Messages received, but from a source MANA could not learn (a truncated ANY_SOURCE receive). */
    public long receivedFromUnknownSource() {
        return CallerThreads.get(unknownSource, 0);
    }

    /**
     * The drain found whose they were: {@code received[peer] += n} for each peer it names, and
     * none is unknown any more (with the gate closed).
     */
    public void attributeUnknownSource(long[] byPeer) {
        for (int p = 0; p < byPeer.length && p < received.length; p++) {
            if (byPeer[p] > 0) {
                CallerThreads.add(received, p, byPeer[p]);
            }
        }
        CallerThreads.set(unknownSource, 0, 0);
    }

    public long sentTo(int peer) {
        return CallerThreads.get(sent, peer);
    }

    public long receivedFrom(int peer) {
        return CallerThreads.get(received, peer);
    }

    @Override
    public String summary() {
        String members = worldRanks.length <= 8 ? ranks(worldRanks)
                : "[" + worldRanks[0] + ".." + worldRanks[worldRanks.length - 1] + "] (" + worldRanks.length + ")";
        String remote = remoteWorldRanks == null ? "" : " remote=" + (remoteWorldRanks.length <= 8
                ? ranks(remoteWorldRanks) : "(" + remoteWorldRanks.length + ")");
        return String.format("comm gid=%x rank=%d/%d members=%s%s%s coll=%d%s", gid, rank, worldRanks.length, members,
                remote, topology == null ? "" : " " + topology, CallerThreads.get(collectiveSeq, 0),
                name == null ? "" : " name=" + name);
    }

    /** World ranks for people: a process outside this job's world (MPI_UNDEFINED) shows as "outside". */
    static String ranks(int[] worldRanks) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < worldRanks.length; i++) {
            b.append(i == 0 ? "" : ", ").append(worldRanks[i] < 0 ? "outside" : String.valueOf(worldRanks[i]));
        }
        return b.append(']').toString();
    }
}
