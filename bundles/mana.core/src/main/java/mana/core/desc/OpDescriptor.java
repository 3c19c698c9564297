package mana.core.desc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.vid.Kind;

/**
 * A user-defined operation: the application's function object (as the upper half hands it
 * to the wrapper) and whether it commutes; a restart calls MPI_Op_create again with them.
 * Live from creation until the application frees the op.
 */
public final class OpDescriptor implements Descriptor {
    private static final Set<OpDescriptor> LIVE = ConcurrentHashMap.newKeySet();

    private final long sequence;
    private final Object userFunction;
    private final boolean commute;
    private volatile Object lower;

    public OpDescriptor(Object userFunction, boolean commute) {
        this(Sequence.next(), userFunction, commute);
    }

    /** A descriptor read back from a checkpoint, with its saved sequence number. */
    public OpDescriptor(long sequence, Object userFunction, boolean commute) {
        this.sequence = sequence;
        this.userFunction = userFunction;
        this.commute = commute;
        LIVE.add(this);
    }

    @Override
    public int kind() {
        return Kind.OP;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public Object userFunction() {
        return userFunction;
    }

    public boolean commute() {
        return commute;
    }

    /** The lower-half op made from this descriptor now. */
    public Object lower() {
        return lower;
    }

    public void setLower(Object lower) {
        this.lower = lower;
    }

    /** The application freed the op. */
    public void release() {
        LIVE.remove(this);
        lower = null;
    }

    public boolean isLive() {
        return LIVE.contains(this);
    }

    /** Every op a restart must rebuild, in creation order. */
    public static List<OpDescriptor> live() {
        List<OpDescriptor> l = new ArrayList<>(LIVE);
        l.sort(Comparator.comparingLong(OpDescriptor::sequence));
        return l;
    }

    @Override
    public String summary() {
        Object f = userFunction instanceof mana.core.fn.TypeProvider.UserOp u ? u.function() : userFunction;
        return "op " + (f == null ? "?" : f.getClass().getName())
                + (commute ? " commutative" : " non-commutative");
    }
}
