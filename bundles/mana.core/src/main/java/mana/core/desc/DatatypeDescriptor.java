package mana.core.desc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import mana.core.vid.Kind;

/**
 * A derived datatype: its constructor and arguments (as MPI_Type_get_contents gives them:
 * integers, addresses and base types) and whether it is committed.
 *
 * <p>Reference counted: one reference for the application's handle, one for each live
 * datatype built from it, one for each pending request that uses it. A datatype the
 * application freed stays reconstructible while anything still needs it, and is released
 * (with its own bases) when the count reaches zero.
 */
public final class DatatypeDescriptor implements Descriptor {

    public enum Constructor {
        CONTIGUOUS, VECTOR, HVECTOR, INDEXED, HINDEXED, INDEXED_BLOCK, HINDEXED_BLOCK, STRUCT, DUP, RESIZED,
        SUBARRAY, DARRAY
    }

    private static final Set<DatatypeDescriptor> LIVE = ConcurrentHashMap.newKeySet();
    /** The live descriptors by sequence (the latest made wins), so a restart finds a base in O(1). */
    private static final Map<Long, DatatypeDescriptor> BY_SEQUENCE = new ConcurrentHashMap<>();

    private final long sequence;
    private final Constructor constructor;
    private final int[] ints;
    private final long[] addresses;
    /** Handles of the base types as the application passed them (predefined or virtual). */
    private final int[] baseHandles;
    /** Descriptors of derived base types (null entries for predefined ones). */
    private final DatatypeDescriptor[] bases;
    private final AtomicInteger refs;
    private volatile boolean committed;
    private volatile String name;
    /** Not saved: asked of the lower half again after a restart. */
    private volatile TypeBounds bounds;
    /** The lower-half datatype made from this descriptor now (by the constructor or by a rebuild). */
    private volatile Object lower;

    public DatatypeDescriptor(Constructor constructor, int[] ints, long[] addresses, int[] baseHandles,
                              DatatypeDescriptor[] bases) {
        this(Sequence.next(), 1, constructor, ints, addresses, baseHandles, bases, true);
    }

    /**
     * A descriptor read back from a checkpoint: the saved sequence number and reference count;
     * the bases' counts were saved too, so they are not retained again.
     */
    public static DatatypeDescriptor restored(long sequence, int references, boolean committed, String name,
                                              Constructor constructor, int[] ints, long[] addresses,
                                              int[] baseHandles, DatatypeDescriptor[] bases) {
        if (references <= 0) {
            throw new IllegalArgumentException("a saved datatype descriptor has at least one reference");
        }
        DatatypeDescriptor d = new DatatypeDescriptor(sequence, references, constructor, ints, addresses, baseHandles,
                bases, false);
        d.committed = committed;
        d.name = name;
        return d;
    }

    private DatatypeDescriptor(long sequence, int references, Constructor constructor, int[] ints, long[] addresses,
                               int[] baseHandles, DatatypeDescriptor[] bases, boolean retainBases) {
        if (bases.length != baseHandles.length) {
            throw new IllegalArgumentException("one descriptor (or null) per base handle");
        }
        this.sequence = sequence;
        this.refs = new AtomicInteger(references);
        this.constructor = constructor;
        this.ints = ints.clone();
        this.addresses = addresses.clone();
        this.baseHandles = baseHandles.clone();
        this.bases = bases.clone();
        if (retainBases) {
            for (DatatypeDescriptor b : bases) {
                if (b != null) {
                    b.retain();
                }
            }
        }
        LIVE.add(this);
        BY_SEQUENCE.put(sequence, this);
    }

    @Override
    public int kind() {
        return Kind.DATATYPE;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public Constructor constructor() {
        return constructor;
    }

    public int[] ints() {
        return ints.clone();
    }

    public long[] addresses() {
        return addresses.clone();
    }

    public int[] baseHandles() {
        return baseHandles.clone();
    }

    public List<DatatypeDescriptor> bases() {
        return Arrays.asList(bases.clone());
    }

    public boolean isCommitted() {
        return committed;
    }

    public void markCommitted() {
        committed = true;
    }

    /** Where its elements lie ({@link TypeBounds}), once a wrapper asked the lower half; null before. */
    public TypeBounds bounds() {
        return bounds;
    }

    public void setBounds(TypeBounds bounds) {
        this.bounds = bounds;
    }

    /** The name the application gave the datatype (MPI_Type_set_name), null if none. */
    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The lower-half object made from this descriptor now, for rebuilding children of freed parents. */
    public Object lower() {
        return lower;
    }

    public void setLower(Object lower) {
        this.lower = lower;
    }

    public int references() {
        return refs.get();
    }

    /** One more user of this datatype: a derived datatype or a pending request. */
    public void retain() {
        int before;
        do {
            before = refs.get();
            if (before <= 0) {
                throw new IllegalStateException("datatype descriptor #" + sequence + " was already released");
            }
        } while (!refs.compareAndSet(before, before + 1));
    }

    /** One user fewer; at zero the descriptor is dropped and releases its bases. */
    public void release() {
        int left = refs.decrementAndGet();
        if (left == 0) {
            LIVE.remove(this);
            BY_SEQUENCE.remove(sequence, this);
            lower = null;
            for (DatatypeDescriptor b : bases) {
                if (b != null) {
                    b.release();
                }
            }
        } else if (left < 0) {
            refs.incrementAndGet();
            throw new IllegalStateException("datatype descriptor #" + sequence + " released more often than retained");
        }
    }

    public boolean isLive() {
        return refs.get() > 0;
    }

    /** The live descriptor (or freed one still needed) of this creation sequence, or null. */
    public static DatatypeDescriptor live(long sequence) {
        return BY_SEQUENCE.get(sequence);
    }

    /** Every datatype a restart must rebuild (freed ones still needed included), in creation order. */
    public static List<DatatypeDescriptor> live() {
        List<DatatypeDescriptor> l = new ArrayList<>(LIVE);
        l.sort(Comparator.comparingLong(DatatypeDescriptor::sequence));
        return l;
    }

    @Override
    public String summary() {
        return "datatype " + constructor.name().toLowerCase() + " ints=" + Arrays.toString(ints)
                + (addresses.length > 0 ? " addrs=" + Arrays.toString(addresses) : "")
                + " bases=" + baseHandles.length + " refs=" + refs.get() + (committed ? " committed" : "");
    }
}
