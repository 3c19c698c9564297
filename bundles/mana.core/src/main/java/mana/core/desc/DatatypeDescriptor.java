package mana.core.desc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
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

    private final long sequence = Sequence.next();
    private final Constructor constructor;
    private final int[] ints;
    private final long[] addresses;
    /** Handles of the base types as the application passed them (predefined or virtual). */
    private final int[] baseHandles;
    /** Descriptors of derived base types (null entries for predefined ones). */
    private final DatatypeDescriptor[] bases;
    private final AtomicInteger refs = new AtomicInteger(1);
    private volatile boolean committed;

    public DatatypeDescriptor(Constructor constructor, int[] ints, long[] addresses, int[] baseHandles,
                              DatatypeDescriptor[] bases) {
        if (bases.length != baseHandles.length) {
            throw new IllegalArgumentException("one descriptor (or null) per base handle");
        }
        this.constructor = constructor;
        this.ints = ints.clone();
        this.addresses = addresses.clone();
        this.baseHandles = baseHandles.clone();
        this.bases = bases.clone();
        for (DatatypeDescriptor b : bases) {
            if (b != null) {
                b.retain();
            }
        }
        LIVE.add(this);
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
