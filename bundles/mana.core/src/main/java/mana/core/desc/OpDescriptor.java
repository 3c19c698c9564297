package mana.core.desc;

import mana.core.vid.Kind;

/** A user-defined operation: the application's function object and whether it commutes. */
public final class OpDescriptor implements Descriptor {
    private final long sequence = Sequence.next();
    private final Object userFunction;
    private final boolean commute;

    public OpDescriptor(Object userFunction, boolean commute) {
        this.userFunction = userFunction;
        this.commute = commute;
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

    @Override
    public String summary() {
        return "op " + userFunction.getClass().getName() + (commute ? " commutative" : " non-commutative");
    }
}
