package mana.core.vid;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.ReusableDescriptor;
import mana.core.desc.Sequence;
import mana.core.error.ManaException;
import mana.core.gate.CallerThreads;

/**
 * The virtual handle table: chunks of 4096 entries that are never moved or freed. A lookup
 * takes no lock and allocates nothing: kind check, chunk load, entry load, generation check.
 * Creating and freeing are lock-free too (a tagged Treiber stack of free slots), so requests
 * made on the hot path do not serialize threads; when MPI calls never overlap (below
 * MPI_THREAD_MULTIPLE, {@link CallerThreads}) they use plain and release stores instead of
 * compare-and-set, since every create and free happens inside an MPI call.
 *
 * <p>A freed slot keeps a {@link ReusableDescriptor} (retired) for its next handle: the
 * request log reuses it instead of allocating one per request ({@link #claim}, {@link #publish}).
 * One spare per slot, so the spares never outnumber the most handles ever live at once.
 */
public final class VidTable {
    public static final int CHUNK_BITS = 12;
    public static final int CHUNK_SIZE = 1 << CHUNK_BITS;
    static final int CHUNKS = (Vid.MAX_SLOT + 1) >>> CHUNK_BITS;

    private static final VarHandle CHUNK = MethodHandles.arrayElementVarHandle(Entry[][].class);

    /** One slot. {@code vid} is written last when the slot is filled, so a reader that sees it sees the rest. */
    public static final class Entry {
        private static final VarHandle VID;

        static {
            try {
                VID = MethodHandles.lookup().findVarHandle(Entry.class, "vid", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private volatile int vid;
        private final int slot;
        private int generation = 1;
        private int nextFree = -1;
        private Object lower;
        private Descriptor descriptor;
        private long sequence;
        /** What the slot's last freed handle left for reuse (retired); only its claimer may touch it. */
        private ReusableDescriptor spare;

        Entry(int slot) {
            this.slot = slot;
        }

        public int vid() {
            return vid;
        }

        public Object lower() {
            return lower;
        }

        public Descriptor descriptor() {
            return descriptor;
        }

        public long sequence() {
            return sequence;
        }

        /**
         * The retired descriptor a freed handle left in this slot, or null. Only for the caller
         * that {@link #claim claimed} the entry and has not published it yet: it owns it alone.
         */
        public ReusableDescriptor spare() {
            return spare;
        }

        /** The entry of a predefined handle (generation 0), kept by {@link Constants}. */
        static Entry predefined(int vid) {
            Entry e = new Entry(-1);
            e.generation = 0;
            e.vid = vid;
            return e;
        }

        void setPredefinedLower(Object lower) {
            this.lower = lower;
        }

        void setPredefinedDescriptor(Descriptor descriptor) {
            this.descriptor = descriptor;
        }
    }

    private final Entry[][] chunks = new Entry[CHUNKS][];
    /**
     * Chunk 0, also {@code chunks[0]}: a program with fewer than 4096 live handles finds every
     * entry here, one dependent load shorter than through {@link #chunks} (a request's handle is
     * looked up three times between its post and its wait; each load in that chain is latency).
     */
    private final Entry[] first = newChunk(0);
    // Counters as fields of the table (VarHandles), not Atomic* objects: one load less each.
    /** Slots handed out at least once: [0, used). */
    private volatile int used;
    /** Free list head: (tag << 32) | (slot + 1); 0 low bits = empty. The tag defeats ABA. */
    private volatile long freeHead;
    private volatile int live;

    private static final VarHandle USED;
    private static final VarHandle FREE_HEAD;
    private static final VarHandle LIVE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            USED = l.findVarHandle(VidTable.class, "used", int.class);
            FREE_HEAD = l.findVarHandle(VidTable.class, "freeHead", long.class);
            LIVE = l.findVarHandle(VidTable.class, "live", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public VidTable() {
        chunks[0] = first;
    }

    /** Makes a new virtual handle of {@code kind} for a lower-half object. */
    public int create(int kind, Object lower, Descriptor descriptor) {
        if (kind <= 0 || kind >= Kind.LIMIT) {
            throw new IllegalArgumentException("bad kind " + kind);
        }
        return publish(claim(), kind, lower, descriptor);
    }

    /**
     * Takes a free slot for a new handle without making it live: the caller owns the entry
     * (and its {@link Entry#spare()}) alone until it calls {@link #publish} with it, which it
     * must do (a claimed slot that is never published is lost to the table).
     */
    public Entry claim() {
        boolean shared = CallerThreads.concurrent();
        if (!shared) {
            Entry e = popFreeAlone(); // the usual case: a freed slot, its entry at hand
            if (e != null) {
                return e;
            }
        }
        int slot = shared ? popFree() : -1;
        if (slot < 0) {
            slot = shared ? (int) USED.getAndAdd(this, 1) : usedIncrementAlone();
            if (slot > Vid.MAX_SLOT) {
                USED.getAndAdd(this, -1);
                throw new IllegalStateException("MANA handle table full (" + (Vid.MAX_SLOT + 1) + " live handles)");
            }
        }
        return entryForCreate(slot);
    }

    /** Makes the handle of an entry from {@link #claim} live and returns it. */
    public int publish(Entry e, int kind, Object lower, Descriptor descriptor) {
        return publish(e, kind, lower, descriptor, descriptor != null ? descriptor.sequence() : Sequence.next());
    }

    /**
     * {@link #publish(Entry, int, Object, Descriptor)} for a caller that has the descriptor's
     * sequence at hand (it just filled it): reading it back from the descriptor right after
     * that store would wait for the store.
     */
    public int publish(Entry e, int kind, Object lower, Descriptor descriptor, long sequence) {
        e.lower = lower;
        e.descriptor = descriptor;
        e.sequence = sequence;
        if (kind <= 0 || kind >= Kind.LIMIT) {
            throw new IllegalArgumentException("bad kind " + kind);
        }
        // generation and slot are valid by construction (nextGeneration, claim): no Vid.make checks
        int vid = (kind << 28) | (e.generation << Vid.SLOT_BITS) | e.slot;
        if (CallerThreads.concurrent()) {
            e.vid = vid; // publish
            LIVE.getAndAdd(this, 1);
        } else {
            Entry.VID.setRelease(e, vid); // publish: a reader that sees vid sees the rest
            LIVE.setRelease(this, (int) LIVE.get(this) + 1);
        }
        return vid;
    }

    /** The lower-half object of a live handle of {@code kind}, predefined handles included. */
    public Object lower(int vid, int kind) throws ManaException {
        if ((vid & 0x0F000000) == 0) {
            return Constants.get(vid, kind); // predefined (generation 0), or a clear error
        }
        if ((vid >>> 28) == kind) {
            Entry e = slotEntry(vid & Vid.MAX_SLOT);
            if (e != null && e.vid == vid) {
                Object o = e.lower;
                // re-check: a free (and reuse) racing with this lookup must not hand out the new object
                if (o != null && e.vid == vid) {
                    return o;
                }
            }
        }
        throw invalid(vid, kind);
    }

    /** The entry of a live handle, or an error saying why there is none. */
    public Entry entry(int vid, int kind) throws ManaException {
        if ((vid >>> 28) == kind && (vid & 0x0F000000) != 0) {
            Entry e = slotEntry(vid & Vid.MAX_SLOT);
            if (e != null && e.vid == vid) {
                return e;
            }
        }
        throw invalid(vid, kind);
    }

    public boolean isLive(int vid) {
        int slot = vid & Vid.MAX_SLOT;
        if (Vid.generation(vid) == 0 || Vid.kind(vid) == 0) {
            return false;
        }
        Entry e = slotEntry(slot);
        return e != null && e.vid == vid;
    }

    /** Replaces the lower-half object behind a live handle (at restart). */
    public void rebind(int vid, int kind, Object lower) throws ManaException {
        entry(vid, kind).lower = lower;
    }

    /**
     * Frees a live handle: the slot becomes reusable with the next generation, so the old
     * value is detected as stale. Returns the entry's descriptor. Freeing twice is an error.
     * A {@link ReusableDescriptor} is retired here, before the slot can be taken again, and
     * stays as the slot's spare: its caller must not use it afterwards.
     */
    public Descriptor free(int vid, int kind) throws ManaException {
        return free(entry(vid, kind), vid, kind);
    }

    /**
     * {@link #free(int, int)} for a handle whose entry the caller has just looked up with
     * {@link #entry} (a request completed on the hot path): saves the second lookup.
     */
    public Descriptor free(Entry e, int vid, int kind) throws ManaException {
        if (e.vid != vid || (vid >>> 28) != kind) {
            throw invalid(vid, kind);
        }
        boolean shared = CallerThreads.concurrent();
        if (shared) {
            if (!Entry.VID.compareAndSet(e, vid, 0)) {
                throw invalid(vid, kind); // freed concurrently
            }
        } else {
            Entry.VID.setRelease(e, 0);
        }
        Descriptor d = e.descriptor;
        e.lower = null;
        e.descriptor = null;
        e.generation = Vid.nextGeneration(e.generation);
        if (d instanceof ReusableDescriptor r) {
            r.retire(); // still ours alone: the slot is not on the free list yet
            if (e.spare != r) {
                e.spare = r; // usually the slot's spare already: no store, no card mark
            }
        }
        if (shared) {
            pushFree(vid & Vid.MAX_SLOT, e);
            LIVE.getAndAdd(this, -1);
        } else {
            pushFreeAlone(vid & Vid.MAX_SLOT, e);
            LIVE.setRelease(this, (int) LIVE.get(this) - 1);
        }
        return d;
    }

    public int liveCount() {
        return live;
    }

    /** A snapshot of the live entries (not on a hot path: for the shell and checkpoints). */
    public List<Entry> liveEntries() {
        List<Entry> out = new ArrayList<>();
        int n = used;
        for (int s = 0; s < n; s++) {
            Entry[] chunk = (Entry[]) CHUNK.getAcquire(chunks, s >>> CHUNK_BITS);
            if (chunk != null && chunk[s & (CHUNK_SIZE - 1)].vid != 0) {
                out.add(chunk[s & (CHUNK_SIZE - 1)]);
            }
        }
        return out;
    }

    /**
     * The slot state a checkpoint saves: how many slots were ever handed out, every slot's
     * generation and whether it is live, and the free list in order. With it a restart gives
     * every saved handle its exact value back, keeps freed handles stale and never collides.
     */
    public void saveLayout(DataOutput out) throws IOException {
        int n = used;
        out.writeInt(n);
        for (int s = 0; s < n; s++) {
            Entry e = slotEntry(s);
            out.writeByte(e == null ? 1 : e.generation);
        }
        List<Integer> free = new ArrayList<>();
        int slot = (int) freeHead - 1;
        while (slot >= 0 && free.size() <= n) {
            free.add(slot);
            slot = slotEntry(slot).nextFree;
        }
        out.writeInt(free.size());
        for (int f : free) {
            out.writeInt(f);
        }
    }

    /**
     * Gives an empty table the layout a checkpoint saved ({@link #saveLayout}); afterwards
     * {@link #restore} puts each live entry back at its slot. Only before any handle exists.
     */
    public void restoreLayout(DataInput in) throws IOException {
        if (used != 0 || live != 0) {
            throw new IllegalStateException("the handle table is not empty (" + live
                    + " live handles): a checkpoint's layout can only be restored into a fresh table");
        }
        int n = in.readInt();
        if (n < 0 || n > Vid.MAX_SLOT + 1) {
            throw new IOException("bad handle table size " + n);
        }
        for (int s = 0; s < n; s++) {
            int g = in.readUnsignedByte();
            if (g < 1 || g >= Vid.GENERATIONS) {
                throw new IOException("bad generation " + g + " of slot " + s);
            }
            entryForCreate(s).generation = g;
        }
        used = n;
        int k = in.readInt();
        if (k < 0 || k > n) {
            throw new IOException("bad free list length " + k);
        }
        int[] free = new int[k];
        for (int i = 0; i < k; i++) {
            free[i] = in.readInt();
            if (free[i] < 0 || free[i] >= n) {
                throw new IOException("bad free slot " + free[i]);
            }
        }
        // push in reverse so that pops give the saved order
        for (int i = k - 1; i >= 0; i--) {
            pushFree(free[i], slotEntry(free[i]));
        }
    }

    /**
     * Puts a saved handle back at its exact slot and generation (a restart, after
     * {@link #restoreLayout}). The slot must be free of live handles and not in the free list
     * (a checkpoint never lists a live slot there).
     */
    public void restore(int vid, Object lower, Descriptor descriptor) {
        int slot = Vid.slot(vid);
        if (Vid.generation(vid) == Vid.PREDEFINED_GENERATION || slot >= used) {
            throw new IllegalArgumentException("cannot restore " + Vid.toString(vid) + ": not a slot of the saved table");
        }
        Entry e = slotEntry(slot);
        if (e.vid != 0) {
            throw new IllegalStateException("cannot restore " + Vid.toString(vid) + ": slot " + slot + " holds "
                    + Vid.toString(e.vid));
        }
        if (e.generation != Vid.generation(vid)) {
            throw new IllegalStateException("cannot restore " + Vid.toString(vid) + ": the saved slot has generation "
                    + e.generation);
        }
        e.lower = lower;
        e.descriptor = descriptor;
        e.sequence = descriptor != null ? descriptor.sequence() : Sequence.next();
        e.vid = vid;
        LIVE.getAndAdd(this, 1);
    }

    /** The entry of a slot, or null when its chunk was never made. */
    private Entry slotEntry(int slot) {
        if (slot < CHUNK_SIZE) {
            return first[slot];
        }
        Entry[] chunk = (Entry[]) CHUNK.getAcquire(chunks, slot >>> CHUNK_BITS);
        return chunk == null ? null : chunk[slot & (CHUNK_SIZE - 1)];
    }

    private static Entry[] newChunk(int c) {
        Entry[] fresh = new Entry[CHUNK_SIZE];
        for (int i = 0; i < CHUNK_SIZE; i++) {
            fresh[i] = new Entry((c << CHUNK_BITS) | i);
        }
        return fresh;
    }

    /** Why {@code vid} is not a live handle of {@code kind}, in words. */
    public ManaException invalid(int vid, int kind) {
        String k = Kind.name(kind);
        String v = Vid.toString(vid);
        String why;
        if (vid == Vid.NULL) {
            why = "the null handle";
        } else if (!Kind.isObjectKind(Vid.kind(vid))) {
            why = v + " is not a handle of any kind (forged handle?)";
        } else if (Vid.kind(vid) != kind) {
            why = v + " is a " + Kind.name(Vid.kind(vid)) + " handle, not a " + k + " handle";
        } else if (Vid.generation(vid) == Vid.PREDEFINED_GENERATION) {
            why = v + " is not a predefined " + k;
        } else {
            int slot = Vid.slot(vid);
            Entry[] chunk = slot < Vid.MAX_SLOT + 1 ? (Entry[]) CHUNK.getAcquire(chunks, slot >>> CHUNK_BITS) : null;
            if (slot >= used || chunk == null) {
                why = v + " names slot " + slot + ", which was never allocated (forged handle?)";
            } else {
                Entry e = chunk[slot & (CHUNK_SIZE - 1)];
                int current = e.vid;
                if (current == 0) {
                    why = v + " was freed (stale handle)";
                } else if (Vid.kind(current) != kind) {
                    why = v + " is stale: its slot now holds a " + Kind.name(Vid.kind(current));
                } else {
                    why = v + " is stale: its slot was reused (now generation " + Vid.generation(current) + ")";
                }
            }
        }
        return ManaException.of(Constants.errorClassOf(kind), "invalid " + k + ": " + why);
    }

    private Entry entryForCreate(int slot) {
        if (slot < CHUNK_SIZE) {
            return first[slot];
        }
        int c = slot >>> CHUNK_BITS;
        Entry[] chunk = (Entry[]) CHUNK.getAcquire(chunks, c);
        if (chunk == null) {
            Entry[] fresh = newChunk(c);
            Entry[] witness = (Entry[]) CHUNK.compareAndExchangeRelease(chunks, c, (Entry[]) null, fresh);
            chunk = witness == null ? fresh : witness;
        }
        return chunk[slot & (CHUNK_SIZE - 1)];
    }

    /**
     * The free list without compare-and-set, for when MPI calls never overlap
     * ({@link CallerThreads}): handles are only made and freed inside MPI calls.
     */
    private Entry popFreeAlone() {
        long head = (long) FREE_HEAD.get(this);
        int slot = (int) head - 1;
        if (slot < 0) {
            return null;
        }
        Entry e = slotEntry(slot);
        FREE_HEAD.setRelease(this, ((head >>> 32) + 1) << 32 | ((e.nextFree + 1) & 0xFFFFFFFFL));
        return e;
    }

    private void pushFreeAlone(int slot, Entry e) {
        long head = (long) FREE_HEAD.get(this);
        e.nextFree = (int) head - 1;
        FREE_HEAD.setRelease(this, ((head >>> 32) + 1) << 32 | ((slot + 1) & 0xFFFFFFFFL));
    }

    private int usedIncrementAlone() {
        int slot = (int) USED.get(this);
        USED.setRelease(this, slot + 1);
        return slot;
    }

    private int popFree() {
        while (true) {
            long head = freeHead;
            int slot = (int) head - 1;
            if (slot < 0) {
                return -1;
            }
            Entry e = slotEntry(slot);
            long next = ((head >>> 32) + 1) << 32 | ((e.nextFree + 1) & 0xFFFFFFFFL);
            if (FREE_HEAD.compareAndSet(this, head, next)) {
                return slot;
            }
        }
    }

    private void pushFree(int slot, Entry e) {
        while (true) {
            long head = freeHead;
            e.nextFree = (int) head - 1;
            long next = ((head >>> 32) + 1) << 32 | ((slot + 1) & 0xFFFFFFFFL);
            if (FREE_HEAD.compareAndSet(this, head, next)) {
                return;
            }
        }
    }
}
