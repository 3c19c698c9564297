package mana.core.gate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The Java form of MANA's LOWER_HALF_DISABLE_CKPT / ENABLE_CKPT. Every wrapper calls
 * {@link #enter()} before its lower-half call and {@link #exit()} after it has updated the
 * upper-half state that goes with the call. The checkpoint engine {@link #close closes} the
 * gate and waits until no thread is inside; threads that arrive meanwhile wait at the gate.
 *
 * <p>Each thread has its own depth counter (no shared cache line, no lock, no allocation after
 * the thread's first call). When the application may call MPI from several threads at once
 * ({@link CallerThreads#concurrent()}, MPI_THREAD_MULTIPLE), entering from depth 0 is a
 * volatile store of the depth followed by a volatile read of {@code closed}; the closer does
 * the mirror image (store {@code closed}, then read every depth), so by the ordering of
 * volatile accesses at least one of them sees the other (Dekker). Below MULTIPLE no two MPI
 * calls overlap, and the store of the depth is a plain (opaque) one, which saves the full
 * fence a volatile store costs on every call; the closer makes up for it by waiting
 * {@link #GRACE_NANOS} after closing before it reads the depths: a store a thread made before
 * reading {@code closed == false} has left its core's store buffer by then. Leaving is a
 * release store. Nested entries on the same thread only bump the depth, so they never wait
 * for a checkpoint their own thread is holding up.
 */
public final class CheckpointGate {
    public static final CheckpointGate GATE = new CheckpointGate();

    private static final VarHandle DEPTH;
    private static final VarHandle ENTRIES;

    static {
        try {
            DEPTH = MethodHandles.lookup().findVarHandle(ThreadState.class, "depth", int.class);
            ENTRIES = MethodHandles.lookup().findVarHandle(ThreadState.class, "entries", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One per thread that ever entered this gate; {@link #pass()} hands it to the caller. */
    public static final class ThreadState {
        volatile int depth;
        /** Calls this thread has entered from depth 0 (written by its thread only, read by {@link #callOf}). */
        int entries;
        final Thread thread;
        /**
         * Scratch the wrappers keep per thread (the pooled receive buffer of
         * {@code mana.wrappers.base.RecvArrays}): reached through the pass a wrapper already
         * holds, so no thread-local lookup. Only this state's thread reads or writes it.
         */
        public Object wrapperScratch;

        ThreadState(Thread thread) {
            this.thread = thread;
        }
    }

    /**
     * How long the closer waits after closing before it reads the depths: far longer than a
     * store takes to become visible to other cores (nanoseconds to microseconds), short
     * against the time a checkpoint takes.
     */
    static final long GRACE_NANOS = 2_000_000;

    private final ThreadLocal<ThreadState> state = ThreadLocal.withInitial(this::register);
    /**
     * The state of the thread that entered last, so that programs calling MPI from one thread
     * skip the ThreadLocal lookup. Not used with MPI_THREAD_MULTIPLE, where threads taking
     * turns would make this field bounce between cores. Starts as a state of no thread.
     */
    private ThreadState last = new ThreadState(null);
    /** Weak, so the states of finished threads go away with their threads. */
    private final ConcurrentLinkedQueue<WeakReference<ThreadState>> threads = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;
    private final Object monitor = new Object();

    private ThreadState register() {
        ThreadState s = new ThreadState(Thread.currentThread());
        threads.add(new WeakReference<>(s));
        return s;
    }

    public static void enter() {
        GATE.doEnter();
    }

    public static void exit() {
        GATE.doExit();
    }

    /** {@link #enter()} that returns the thread's state for {@link #exit(ThreadState)} (saves a lookup). */
    public static ThreadState enterPass() {
        return GATE.doEnterPass();
    }

    public static void exit(ThreadState pass) {
        GATE.doExit(pass);
    }

    /**
     * Enters and returns this thread's state, for {@link #doExit(ThreadState)}: saves the
     * thread-local lookup on the way out (wrappers on the hottest paths use this form).
     */
    public ThreadState doEnterPass() {
        ThreadState s = current();
        enter(s);
        return s;
    }

    private ThreadState current() {
        if (CallerThreads.concurrent()) {
            return state.get();
        }
        ThreadState s = last; // a racy read is fine: the final field thread decides
        if (s.thread != Thread.currentThread()) {
            s = state.get();
            last = s;
        }
        return s;
    }

    public void doExit(ThreadState s) {
        int d = (int) DEPTH.getOpaque(s);
        if (d <= 0 || s.thread != Thread.currentThread()) {
            throw new IllegalStateException("CheckpointGate.exit() without enter() on thread "
                    + Thread.currentThread().getName());
        }
        DEPTH.setRelease(s, d - 1);
    }

    public void doEnter() {
        enter(current());
    }

    private void enter(ThreadState s) {
        int d = (int) DEPTH.getOpaque(s);
        if (d > 0) {
            DEPTH.setOpaque(s, d + 1); // already inside: the closer is waiting for this thread anyway
            return;
        }
        ENTRIES.setOpaque(s, (int) ENTRIES.getOpaque(s) + 1);
        if (CallerThreads.concurrent()) {
            DEPTH.setVolatile(s, 1);
        } else {
            DEPTH.setOpaque(s, 1); // see the class comment: the closer's grace period covers it
        }
        if (closed) {
            waitForOpen(s);
        }
    }

    public void doExit() {
        ThreadState s = current();
        int d = (int) DEPTH.getOpaque(s);
        if (d <= 0) {
            throw new IllegalStateException("CheckpointGate.exit() without enter() on thread "
                    + Thread.currentThread().getName());
        }
        DEPTH.setRelease(s, d - 1);
    }

    private void waitForOpen(ThreadState s) {
        DEPTH.setVolatile(s, 0);
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
                    DEPTH.setVolatile(s, 1);
                    if (!closed) {
                        return;
                    }
                    DEPTH.setVolatile(s, 0);
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
        long graceEnd = System.nanoTime() + GRACE_NANOS;
        while (System.nanoTime() < graceEnd) {
            LockSupport.parkNanos(graceEnd - System.nanoTime());
        }
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

    /**
     * Which call {@code t} is inside now: the number of calls it has entered (so two readings
     * that agree mean the same call, still running), or -1 if it is not inside a wrapper. For the
     * rank's agent, which tells the coordinator when the main thread waits inside MPI; walks
     * the registered threads (not for hot paths).
     */
    public long callOf(Thread t) {
        for (WeakReference<ThreadState> ref : threads) {
            ThreadState s = ref.get();
            if (s != null && s.thread == t) {
                return (int) DEPTH.getVolatile(s) > 0 ? (int) ENTRIES.getOpaque(s) & 0xffffffffL : -1;
            }
        }
        return -1;
    }

    /** Threads inside a wrapper right now (a nested entry on the same thread does not count again). */
    public long insideCount() {
        long n = 0;
        for (WeakReference<ThreadState> ref : threads) {
            ThreadState s = ref.get();
            if (s == null) {
                threads.remove(ref);
            } else if ((int) DEPTH.getVolatile(s) > 0) {
                n++;
            }
        }
        return n;
    }
}
