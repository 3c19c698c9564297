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
 * <p>Open-gate fast path: a thread-local depth check and one atomic add on a per-thread
 * stripe (no lock, no allocation). The add is a full fence, which is what makes the check of
 * {@code closed} after it safe against a closer that sets {@code closed} and then sums the
 * stripes (Dekker). Nested entries (a wrapper inside a wrapper, on the same thread) only bump
 * the depth, so they never wait for a checkpoint their own thread is holding up.
 */
public final class CheckpointGate {
    /** Stripes spaced a cache line apart (16 longs = 128 bytes, also covering adjacent-line prefetch). */
    private static final int SPACING = 16;
    private static final int STRIPES = 64;

    public static final CheckpointGate GATE = new CheckpointGate();

    private final AtomicLongArray inside = new AtomicLongArray(STRIPES * SPACING);
    /** Per thread: how deep inside this gate it is. */
    private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);
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
        int[] d = depth.get();
        if (d[0]++ > 0) {
            return; // already inside: the closer is waiting for this thread anyway
        }
        int i = stripe();
        inside.getAndIncrement(i);
        if (closed) {
            waitForOpen(i);
        }
    }

    public void doExit() {
        int[] d = depth.get();
        if (d[0] <= 0) {
            throw new IllegalStateException("CheckpointGate.exit() without enter() on thread "
                    + Thread.currentThread().getName());
        }
        if (--d[0] == 0) {
            inside.getAndDecrement(stripe());
        }
    }

    private void waitForOpen(int i) {
        inside.getAndDecrement(i);
        boolean interrupted = false;
        try {
            synchronized (monitor) {
                while (true) {
                    while (closed) {
                        try {
                            monitor.wait();
                        } catch (InterruptedException e) {
                            interrupted = true; // keep waiting; re-set the flag once through
                        }
                    }
                    inside.getAndIncrement(i);
                    if (!closed) {
                        return;
                    }
                    inside.getAndDecrement(i);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
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

    /** Threads inside a wrapper right now (a nested entry on the same thread does not count again). */
    public long insideCount() {
        long n = 0;
        for (int s = 0; s < STRIPES; s++) {
            n += inside.get(s * SPACING);
        }
        return n;
    }
}
