package mana.core.gate;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * The Java form of MANA's LOWER_HALF_DISABLE_CKPT / ENABLE_CKPT. Every wrapper calls
 * {@link #enter()} before its lower-half call and {@link #exit()} after it has updated the
 * upper-half state that goes with the call. The checkpoint engine {@link #close closes} the
 * gate and waits until no thread is inside; threads that arrive meanwhile wait at the gate.
 *
 * <p>Open-gate fast path: one atomic add on a per-thread stripe (no lock, no allocation).
 * The add is a full fence, which is what makes the check of {@code closed} after it safe
 * against a closer that sets {@code closed} and then sums the stripes (Dekker).
 */
public final class CheckpointGate {
    /** Stripes spaced a cache line apart (16 longs = 128 bytes, also covering adjacent-line prefetch). */
    private static final int SPACING = 16;
    private static final int STRIPES = 64;

    public static final CheckpointGate GATE = new CheckpointGate();

    private final AtomicLongArray inside = new AtomicLongArray(STRIPES * SPACING);
    private volatile boolean closed;
    private final Object monitor = new Object();

    private static int stripe() {
        return ((int) Thread.currentThread().getId() & (STRIPES - 1)) * SPACING;
    }

    public static void enter() {
        GATE.doEnter();
    }

    public static void exit() {
        GATE.doExit();
    }

    public void doEnter() {
        int i = stripe();
        inside.getAndIncrement(i);
        if (closed) {
            waitForOpen(i);
        }
    }

    public void doExit() {
        inside.getAndDecrement(stripe());
    }

    private void waitForOpen(int i) {
        inside.getAndDecrement(i);
        synchronized (monitor) {
            monitor.notifyAll(); // a closer may be waiting for this thread to leave
            while (true) {
                while (closed) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                inside.getAndIncrement(i);
                if (!closed) {
                    return;
                }
                inside.getAndDecrement(i);
            }
        }
    }

    /**
     * Closes the gate and waits until no thread is inside a wrapper. Returns false (and
     * opens the gate again) if that does not happen within the timeout.
     */
    public boolean close(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        closed = true;
        while (insideCount() != 0) {
            if (System.nanoTime() > deadline) {
                open();
                return false;
            }
            LockSupport.parkNanos(50_000);
        }
        return true;
    }

    public void open() {
        synchronized (monitor) {
            closed = false;
            monitor.notifyAll();
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** Threads inside a wrapper right now (nested entries count once each). */
    public long insideCount() {
        long n = 0;
        for (int s = 0; s < STRIPES; s++) {
            n += inside.get(s * SPACING);
        }
        return n;
    }
}
