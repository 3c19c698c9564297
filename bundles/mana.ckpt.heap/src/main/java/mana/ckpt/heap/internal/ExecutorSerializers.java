package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.lang.reflect.Constructor;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Thread pools of {@code java.util.concurrent} that are idle at the cut, saved as their
 * configuration, and futures that are complete, saved as their outcome. A program that keeps an
 * {@code ExecutorService} for its compute between MPI calls ({@code Executors.newFixedThreadPool},
 * {@code newCachedThreadPool}, {@code newSingleThreadExecutor}, {@code newScheduledThreadPool},
 * {@code newWorkStealingPool}, a {@code ForkJoinPool}) has, at an MPI call, pool threads that
 * wait for work and hold nothing of the program; the restart makes the same pool again (core and
 * maximum size, keep-alive, queue kind and capacity, thread factory, rejection policy, shutdown),
 * whose threads start with the next task. What is not saved: the pool's statistics (completed
 * task counts, largest pool size) and the names of its threads ({@code pool-N-thread-M} numbers
 * the pools of the new JVM).
 *
 * <p>Refused, with the reason: a pool with a task running or queued (its state is on another
 * thread's stack), a scheduled pool with a delayed task, a pool class of the application's (a
 * subclass may keep state in hooks), a future that is not complete. The common
 * {@code ForkJoinPool} (parallel streams) is the new JVM's.
 *
 * <p>The executors {@code Executors} wraps ({@code newSingleThreadExecutor}'s) are rebuilt around
 * their pool through their own constructor, which needs {@code --add-opens
 * java.base/java.util.concurrent} (given by {@code mana run}, as for the file streams).
 */
final class ExecutorSerializers {

    private static final String DELEGATED = "java.util.concurrent.Executors$DelegatedExecutorService";
    private static final String DEFAULT_THREAD_FACTORY = "java.util.concurrent.Executors$DefaultThreadFactory";
    private static final String DEFAULT_FJ_FACTORY = "java.util.concurrent.ForkJoinPool$DefaultForkJoinWorkerThreadFactory";

    private ExecutorSerializers() {
    }

    /** The serializer for {@code type}, or null when it is none of these. */
    static Serializer<?> forType(Class<?> type) {
        if (type == ThreadPoolExecutor.class) {
            return new Pool();
        }
        if (type == ScheduledThreadPoolExecutor.class) {
            return new ScheduledPool();
        }
        if (type == ForkJoinPool.class) {
            return new ForkJoin();
        }
        if (isDelegated(type)) {
            return new Delegated();
        }
        if (type.getName().equals(DEFAULT_THREAD_FACTORY)) {
            return new Fresh(Executors::defaultThreadFactory);
        }
        if (type.getName().equals(DEFAULT_FJ_FACTORY)) {
            return new Fresh(() -> ForkJoinPool.defaultForkJoinWorkerThreadFactory);
        }
        if (RejectedExecutionHandler.class.isAssignableFrom(type) && type.getEnclosingClass() == ThreadPoolExecutor.class) {
            return new Fresh(() -> newInstance(type)); // AbortPolicy and the other three: no state
        }
        if (type == FutureTask.class) {
            return new CompletedFuture();
        }
        if (type == CompletableFuture.class) {
            return new CompletedCompletable();
        }
        return null;
    }

    private static boolean isDelegated(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(DELEGATED)) {
                return type.getEnclosingClass() == Executors.class;
            }
        }
        return false;
    }

    private static Object newInstance(Class<?> type) {
        try {
            Constructor<?> c = type.getDeclaredConstructor();
            return c.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new KryoException("cannot make a " + type.getName() + ": " + e);
        }
    }

    private static KryoException refused(String why) {
        return new KryoException(HeapKryo.REFUSED + why);
    }

    /** The same object in every image: a fresh one from the new JVM (a stateless factory or policy). */
    static final class Fresh extends Serializer<Object> {
        private final java.util.function.Supplier<Object> make;

        Fresh(java.util.function.Supplier<Object> make) {
            this.make = make;
        }

        @Override
        public void write(Kryo kryo, Output output, Object o) {
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            return make.get();
        }
    }

    // ---- ThreadPoolExecutor ------------------------------------------------------------------

    private static final int LINKED = 0, ARRAY = 1, SYNCHRONOUS = 2, PRIORITY = 3, TRANSFER = 4, DEQUE = 5;

    /**
     * How long a pool with nothing queued may take to count its last task done: a worker counts
     * itself idle a moment after the task's future completed (the program may already be in its
     * MPI call). A task that really runs is still running then: refused.
     */
    static final long SETTLE_NANOS = 200_000_000L;

    private static boolean settled(java.util.function.BooleanSupplier idle) {
        long until = System.nanoTime() + SETTLE_NANOS;
        while (!idle.getAsBoolean()) {
            if (System.nanoTime() > until) {
                return false;
            }
            Thread.onSpinWait();
            Thread.yield();
        }
        return true;
    }

    private static void checkIdle(ThreadPoolExecutor p) {
        if (p.getQueue().isEmpty()) {
            settled(() -> p.getActiveCount() == 0);
        }
        int active = p.getActiveCount();
        int queued = p.getQueue().size();
        if (active > 0 || queued > 0) {
            throw refused("a thread pool (" + p.getClass().getName() + ") with " + active + " task(s) running and " + queued
                    + " queued: only a pool idle at the cut is saved (as its configuration); wait for its tasks before the MPI call");
        }
    }

    private static int queueKind(BlockingQueue<Runnable> q) {
        Class<?> c = q.getClass();
        if (c == LinkedBlockingQueue.class) {
            return LINKED;
        }
        if (c == ArrayBlockingQueue.class) {
            return ARRAY;
        }
        if (c == SynchronousQueue.class) {
            return SYNCHRONOUS;
        }
        if (c == PriorityBlockingQueue.class) {
            return PRIORITY;
        }
        if (c == LinkedTransferQueue.class) {
            return TRANSFER;
        }
        if (c == LinkedBlockingDeque.class) {
            return DEQUE;
        }
        throw refused("a thread pool over a work queue of class " + c.getName() + ": only the JDK's blocking queues are saved");
    }

    private static BlockingQueue<Runnable> newQueue(int kind, int capacity, boolean fair) {
        return switch (kind) {
            case LINKED -> new LinkedBlockingQueue<>(capacity);
            case ARRAY -> new ArrayBlockingQueue<>(capacity, fair);
            case SYNCHRONOUS -> new SynchronousQueue<>(fair);
            case PRIORITY -> new PriorityBlockingQueue<>();
            case TRANSFER -> new LinkedTransferQueue<>();
            case DEQUE -> new LinkedBlockingDeque<>(capacity);
            default -> throw new KryoException("unknown work queue kind " + kind);
        };
    }

    /** Whether a SynchronousQueue or ArrayBlockingQueue is fair (their only setting besides capacity). */
    private static boolean fair(BlockingQueue<Runnable> q) {
        if (q instanceof SynchronousQueue) {
            // fair queues transfer through a TransferQueue, unfair ones through a TransferStack
            Object transferer = JdkFields.get(q, SynchronousQueue.class, "transferer");
            return transferer.getClass().getSimpleName().contains("Queue");
        }
        if (q instanceof ArrayBlockingQueue) {
            Object lock = JdkFields.get(q, ArrayBlockingQueue.class, "lock");
            return ((java.util.concurrent.locks.ReentrantLock) lock).isFair();
        }
        return false;
    }

    /** What every pool has, after its own settings: keep-alive, core time-out, shutdown, thread factory, rejection policy. */
    private static void writeCommon(Kryo kryo, Output output, ThreadPoolExecutor p) {
        output.writeVarLong(p.getKeepAliveTime(TimeUnit.NANOSECONDS), true);
        output.writeBoolean(p.allowsCoreThreadTimeOut());
        output.writeBoolean(p.isShutdown());
        kryo.writeClassAndObject(output, p.getThreadFactory());
        kryo.writeClassAndObject(output, p.getRejectedExecutionHandler());
    }

    /**
     * Reads {@link #writeCommon} into the new pool {@code p} (registered first: the factory and the
     * policy may refer to their pool); returns whether it was shut down, to do once all is set.
     */
    private static boolean readCommon(Kryo kryo, Input input, ThreadPoolExecutor p) {
        kryo.reference(p);
        p.setKeepAliveTime(input.readVarLong(true), TimeUnit.NANOSECONDS);
        boolean coreTimeOut = input.readBoolean();
        boolean shutdown = input.readBoolean();
        p.setThreadFactory((ThreadFactory) kryo.readClassAndObject(input));
        p.setRejectedExecutionHandler((RejectedExecutionHandler) kryo.readClassAndObject(input));
        if (coreTimeOut) {
            p.allowCoreThreadTimeOut(true);
        }
        return shutdown;
    }

    static final class Pool extends Serializer<ThreadPoolExecutor> {
        @Override
        public void write(Kryo kryo, Output output, ThreadPoolExecutor p) {
            checkIdle(p);
            BlockingQueue<Runnable> q = p.getQueue();
            int kind = queueKind(q);
            output.writeVarInt(p.getCorePoolSize(), true);
            output.writeVarInt(p.getMaximumPoolSize(), true);
            output.writeVarInt(kind, true);
            output.writeInt(q.remainingCapacity()); // empty: the capacity
            output.writeBoolean(fair(q));
            writeCommon(kryo, output, p);
        }

        @Override
        public ThreadPoolExecutor read(Kryo kryo, Input input, Class<? extends ThreadPoolExecutor> type) {
            int core = input.readVarInt(true);
            int max = input.readVarInt(true);
            int kind = input.readVarInt(true);
            int capacity = input.readInt();
            boolean fair = input.readBoolean();
            ThreadPoolExecutor p = new ThreadPoolExecutor(core, max, 0, TimeUnit.NANOSECONDS, newQueue(kind, capacity, fair));
            if (readCommon(kryo, input, p)) {
                p.shutdown();
            }
            return p;
        }
    }

    static final class ScheduledPool extends Serializer<ScheduledThreadPoolExecutor> {
        @Override
        public void write(Kryo kryo, Output output, ScheduledThreadPoolExecutor p) {
            if (p.getQueue().isEmpty()) {
                settled(() -> p.getActiveCount() == 0);
            }
            int queued = p.getQueue().size();
            if (p.getActiveCount() > 0 || queued > 0) {
                throw refused("a scheduled thread pool with " + p.getActiveCount() + " task(s) running and " + queued
                        + " scheduled: only a pool idle at the cut, with nothing scheduled, is saved");
            }
            output.writeVarInt(p.getCorePoolSize(), true);
            output.writeBoolean(p.getContinueExistingPeriodicTasksAfterShutdownPolicy());
            output.writeBoolean(p.getExecuteExistingDelayedTasksAfterShutdownPolicy());
            output.writeBoolean(p.getRemoveOnCancelPolicy());
            writeCommon(kryo, output, p);
        }

        @Override
        public ScheduledThreadPoolExecutor read(Kryo kryo, Input input, Class<? extends ScheduledThreadPoolExecutor> type) {
            ScheduledThreadPoolExecutor p = new ScheduledThreadPoolExecutor(input.readVarInt(true));
            p.setContinueExistingPeriodicTasksAfterShutdownPolicy(input.readBoolean());
            p.setExecuteExistingDelayedTasksAfterShutdownPolicy(input.readBoolean());
            p.setRemoveOnCancelPolicy(input.readBoolean());
            if (readCommon(kryo, input, p)) {
                p.shutdown();
            }
            return p;
        }
    }

    // ---- ForkJoinPool ----------------------------------------------------------------------

    static final class ForkJoin extends Serializer<ForkJoinPool> {
        @Override
        public void write(Kryo kryo, Output output, ForkJoinPool p) {
            boolean common = p == ForkJoinPool.commonPool();
            output.writeBoolean(common);
            if (common) {
                return;
            }
            // nothing queued: wait for the workers to settle (without helping: that would run the program's tasks here)
            boolean idle = !p.hasQueuedSubmissions() && p.getQueuedTaskCount() == 0 && settled(p::isQuiescent);
            if (!idle) {
                throw refused("a ForkJoinPool with " + p.getActiveThreadCount() + " thread(s) active and "
                        + (p.getQueuedTaskCount() + p.getQueuedSubmissionCount())
                        + " task(s) queued: only a pool idle at the cut is saved (as its configuration)");
            }
            output.writeVarInt(p.getParallelism(), true);
            output.writeBoolean(p.getAsyncMode());
            output.writeBoolean(p.isShutdown());
            kryo.writeClassAndObject(output, p.getFactory());
            kryo.writeClassAndObject(output, p.getUncaughtExceptionHandler());
        }

        @Override
        public ForkJoinPool read(Kryo kryo, Input input, Class<? extends ForkJoinPool> type) {
            if (input.readBoolean()) {
                return ForkJoinPool.commonPool();
            }
            int parallelism = input.readVarInt(true);
            boolean async = input.readBoolean();
            boolean shutdown = input.readBoolean();
            // the factory and handler come first (the constructor takes them): one that refers back
            // to its pool is not supported (Kryo would read the pool before it exists)
            ForkJoinPool.ForkJoinWorkerThreadFactory factory = (ForkJoinPool.ForkJoinWorkerThreadFactory) kryo.readClassAndObject(input);
            Thread.UncaughtExceptionHandler handler = (Thread.UncaughtExceptionHandler) kryo.readClassAndObject(input);
            ForkJoinPool p = new ForkJoinPool(parallelism, factory, handler, async);
            if (shutdown) {
                p.shutdown();
            }
            return p;
        }
    }

    // ---- Executors' wrappers (newSingleThreadExecutor, unconfigurableExecutorService, ...) ----

    static final class Delegated extends Serializer<ExecutorService> {
        @Override
        public void write(Kryo kryo, Output output, ExecutorService o) {
            Object inner = JdkFields.get(o, delegatedClass(o.getClass()), "e");
            kryo.writeClassAndObject(output, inner);
        }

        @Override
        public ExecutorService read(Kryo kryo, Input input, Class<? extends ExecutorService> type) {
            ExecutorService inner = (ExecutorService) kryo.readClassAndObject(input);
            for (Constructor<?> c : type.getDeclaredConstructors()) {
                Class<?>[] p = c.getParameterTypes();
                if (p.length == 1 && p[0].isInstance(inner)) {
                    try {
                        c.setAccessible(true);
                        return (ExecutorService) c.newInstance(inner);
                    } catch (ReflectiveOperationException | RuntimeException e) {
                        throw new KryoException("cannot wrap the restored pool in " + type.getName() + ": " + e);
                    }
                }
            }
            throw new KryoException(type.getName() + " has no constructor taking its pool");
        }

        private static Class<?> delegatedClass(Class<?> c) {
            while (!c.getName().equals(DELEGATED)) {
                c = c.getSuperclass();
            }
            return c;
        }
    }

    // ---- futures ---------------------------------------------------------------------------

    private static final int VALUE = 0, FAILED = 1, CANCELLED = 2;

    static final class CompletedFuture extends Serializer<FutureTask<Object>> {
        @Override
        public void write(Kryo kryo, Output output, FutureTask<Object> f) {
            if (!f.isDone()) {
                throw refused("a FutureTask that has not completed (its task runs or waits on another thread): only complete"
                        + " futures are saved");
            }
            writeOutcome(kryo, output, f);
        }

        @Override
        public FutureTask<Object> read(Kryo kryo, Input input, Class<? extends FutureTask<Object>> type) {
            Object[] outcome = new Object[1];
            int how = input.readVarInt(true);
            FutureTask<Object> f = new FutureTask<>(() -> {
                if (how == FAILED) {
                    throw sneaky((Throwable) outcome[0]);
                }
                return outcome[0];
            });
            kryo.reference(f);
            if (how == CANCELLED) {
                f.cancel(false);
            } else {
                outcome[0] = kryo.readClassAndObject(input);
                f.run();
            }
            return f;
        }
    }

    static final class CompletedCompletable extends Serializer<CompletableFuture<Object>> {
        @Override
        public void write(Kryo kryo, Output output, CompletableFuture<Object> f) {
            if (!f.isDone()) {
                throw refused("a CompletableFuture that has not completed (what completes it runs on another thread): only"
                        + " complete futures are saved");
            }
            writeOutcome(kryo, output, f);
        }

        @Override
        public CompletableFuture<Object> read(Kryo kryo, Input input, Class<? extends CompletableFuture<Object>> type) {
            CompletableFuture<Object> f = new CompletableFuture<>();
            kryo.reference(f);
            int how = input.readVarInt(true);
            if (how == CANCELLED) {
                f.cancel(false);
            } else if (how == FAILED) {
                f.completeExceptionally((Throwable) kryo.readClassAndObject(input));
            } else {
                f.complete(kryo.readClassAndObject(input));
            }
            return f;
        }
    }

    /** A complete future's outcome: VALUE and the value, FAILED and the cause, or CANCELLED. */
    private static void writeOutcome(Kryo kryo, Output output, java.util.concurrent.Future<Object> f) {
        if (f.isCancelled()) {
            output.writeVarInt(CANCELLED, true);
            return;
        }
        Object value;
        try {
            value = f.get();
        } catch (ExecutionException | CompletionException e) {
            output.writeVarInt(FAILED, true);
            kryo.writeClassAndObject(output, e.getCause());
            return;
        } catch (CancellationException e) {
            output.writeVarInt(CANCELLED, true);
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KryoException("interrupted while reading a complete future");
        }
        output.writeVarInt(VALUE, true);
        kryo.writeClassAndObject(output, value);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> RuntimeException sneaky(Throwable t) throws T {
        throw (T) t;
    }
}
