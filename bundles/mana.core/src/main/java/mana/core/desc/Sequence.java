package mana.core.desc;

import mana.core.gate.CallerThreads;

/**
 * The creation sequence of descriptors in this rank. Descriptors are made inside MPI calls, so
 * the counter is a plain one unless calls may overlap ({@link CallerThreads}).
 */
public final class Sequence {
    private static final long[] NEXT = {1};

    public static long next() {
        return CallerThreads.increment(NEXT, 0) - 1;
    }

    /** The next value {@link #next()} would give (saved by a checkpoint). */
    public static long peek() {
        return CallerThreads.get(NEXT, 0);
    }

    /** At a restart: new descriptors are numbered after every restored one. */
    public static synchronized void restoreAtLeast(long next) {
        if (next > CallerThreads.get(NEXT, 0)) {
            CallerThreads.set(NEXT, 0, next);
        }
    }

    private Sequence() {
    }
}
