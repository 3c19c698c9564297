package mana.core.desc;

import java.util.concurrent.atomic.AtomicLong;

/** The creation sequence of descriptors in this rank. */
public final class Sequence {
    private static final AtomicLong NEXT = new AtomicLong(1);

    public static long next() {
        return NEXT.getAndIncrement();
    }

    private Sequence() {
    }
}
