package mana.core.desc;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
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
    private final CartTopology topology;
    private final boolean inter;
    private final AtomicLong collectiveSeq = new AtomicLong();
    private final AtomicLongArray sent;
    private final AtomicLongArray received;

    public CommDescriptor(long gid, int rank, int[] worldRanks, CartTopology topology, boolean inter) {
        this.sequence = Sequence.next();
        this.gid = gid;
        this.rank = rank;
        this.worldRanks = worldRanks.clone();
        this.topology = topology;
        this.inter = inter;
        this.sent = new AtomicLongArray(worldRanks.length);
        this.received = new AtomicLongArray(worldRanks.length);
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

    public CartTopology topology() {
        return topology;
    }

    public boolean isInter() {
        return inter;
    }

    /** Called by collective wrappers before the lower-half call (the collective clock). */
    public long beginCollective() {
        return collectiveSeq.incrementAndGet();
    }

    public long collectiveSeq() {
        return collectiveSeq.get();
    }

    /** Counts one message sent to {@code peer} (a rank in this communicator); no allocation. */
    public void countSent(int peer) {
        if (peer >= 0 && peer < worldRanks.length) {
            sent.getAndIncrement(peer);
        }
    }

    public void countReceived(int peer) {
        if (peer >= 0 && peer < worldRanks.length) {
            received.getAndIncrement(peer);
        }
    }

    public long sentTo(int peer) {
        return sent.get(peer);
    }

    public long receivedFrom(int peer) {
        return received.get(peer);
    }

    @Override
    public String summary() {
        String members = worldRanks.length <= 8 ? Arrays.toString(worldRanks)
                : "[" + worldRanks[0] + ".." + worldRanks[worldRanks.length - 1] + "] (" + worldRanks.length + ")";
        return String.format("comm gid=%x rank=%d/%d members=%s%s coll=%d", gid, rank, worldRanks.length, members,
                topology == null ? "" : " " + topology, collectiveSeq.get());
    }
}
