package mana.core.desc;

import mana.core.vid.Kind;

/** A group: its members as world ranks. */
public final class GroupDescriptor implements Descriptor {
    private final long sequence;
    private final int[] worldRanks;

    public GroupDescriptor(int[] worldRanks) {
        this(Sequence.next(), worldRanks);
    }

    /** With an explicit creation sequence (a checkpoint loading a saved descriptor). */
    public GroupDescriptor(long sequence, int[] worldRanks) {
        this.sequence = sequence;
        this.worldRanks = worldRanks.clone();
    }

    public int size() {
        return worldRanks.length;
    }

    @Override
    public int kind() {
        return Kind.GROUP;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public int[] worldRanks() {
        return worldRanks.clone();
    }

    @Override
    public String summary() {
        return "group members=" + CommDescriptor.ranks(worldRanks);
    }
}
