package mana.core.desc;

import java.util.concurrent.atomic.AtomicLong;

/** The creation sequence of descriptors in this rank. */
public final class Sequence {
    private static final AtomicLong NEXT = new AtomicLong(1);

    public static long next() {
        return NEXT.getAndIncrement();
    }

    /** The next value {@link #next()} would give (saved by a checkpoint). */
    public static long peek() {
        return NEXT.get();
    }

    /** At a restart: new descriptors are numbered after every restored one. */
    public static void restoreAtLeast(long next) {
        NEXT.accumulateAndGet(next, Math::max);
    }

    private Sequence() {
    }
}
