package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static mana.ckpt.heap.internal.HeapRoundTrip.refusal;
import static mana.ckpt.heap.internal.HeapRoundTrip.roundTrip;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Idle thread pools saved as their configuration, complete futures as their outcome; the rest refused. */
class ExecutorSerializersTest {

    @Test
    void anIdleFixedPoolComesBackWithItsConfigurationAndRunsTasks() throws Exception {
        ThreadPoolExecutor p = (ThreadPoolExecutor) Executors.newFixedThreadPool(3);
        try {
            assertEquals(7, p.submit(() -> 7).get()); // a worker exists, idle now
            p.setKeepAliveTime(42, TimeUnit.SECONDS);
            p.allowCoreThreadTimeOut(true);
            p.setRejectedExecutionHandler(new ThreadPoolExecutor.CallerRunsPolicy());
            awaitIdle(p);
            Object[] back = (Object[]) roundTrip(new Object[] {p, p});
            ThreadPoolExecutor q = (ThreadPoolExecutor) back[0];
            assertSame(q, back[1], "one pool, referred to twice, is one pool again");
            assertNotSame(p, q);
            assertEquals(3, q.getCorePoolSize());
            assertEquals(3, q.getMaximumPoolSize());
            assertEquals(42, q.getKeepAliveTime(TimeUnit.SECONDS));
            assertTrue(q.allowsCoreThreadTimeOut());
            assertInstanceOf(LinkedBlockingQueue.class, q.getQueue());
            assertEquals(Integer.MAX_VALUE, q.getQueue().remainingCapacity());
            assertInstanceOf(ThreadPoolExecutor.CallerRunsPolicy.class, q.getRejectedExecutionHandler());
            assertEquals(0, q.getPoolSize(), "no thread until a task comes");
            assertEquals(11, q.submit(() -> 11).get());
            q.shutdown();
        } finally {
            p.shutdown();
        }
    }

    @Test
    void cachedScheduledSingleAndBoundedPoolsKeepTheirKindAndShutdownState() throws Exception {
        ThreadPoolExecutor cached = (ThreadPoolExecutor) Executors.newCachedThreadPool();
        ThreadPoolExecutor bounded = new ThreadPoolExecutor(1, 2, 1, TimeUnit.SECONDS, new ArrayBlockingQueue<>(5, true));
        ScheduledThreadPoolExecutor scheduled = new ScheduledThreadPoolExecutor(2);
        scheduled.setRemoveOnCancelPolicy(true);
        ExecutorService single = Executors.newSingleThreadExecutor();
        bounded.shutdown();
        try {
            Object[] back = (Object[]) roundTrip(new Object[] {cached, bounded, scheduled, single});
            ThreadPoolExecutor c = (ThreadPoolExecutor) back[0];
            assertInstanceOf(SynchronousQueue.class, c.getQueue());
            assertEquals(Integer.MAX_VALUE, c.getMaximumPoolSize());
            ThreadPoolExecutor b = (ThreadPoolExecutor) back[1];
            assertEquals(5, b.getQueue().remainingCapacity());
            assertTrue(b.isShutdown());
            ScheduledThreadPoolExecutor s = (ScheduledThreadPoolExecutor) back[2];
            assertEquals(2, s.getCorePoolSize());
            assertTrue(s.getRemoveOnCancelPolicy());
            assertEquals(5, s.schedule(() -> 5, 1, TimeUnit.MILLISECONDS).get());
            ExecutorService one = (ExecutorService) back[3];
            assertEquals(single.getClass(), one.getClass(), "Executors' own wrapper again");
            assertEquals("x", one.submit(() -> "x").get());
            c.shutdown();
            s.shutdown();
            one.shutdown();
        } finally {
            cached.shutdown();
            scheduled.shutdown();
            single.shutdown();
        }
    }

    @Test
    void forkJoinPoolsComeBackAndTheCommonPoolIsTheNewJvms() throws Exception {
        ForkJoinPool mine = new ForkJoinPool(3);
        try {
            Object[] back = (Object[]) roundTrip(new Object[] {mine, ForkJoinPool.commonPool()});
            ForkJoinPool p = (ForkJoinPool) back[0];
            assertEquals(3, p.getParallelism());
            assertEquals(6, p.submit(() -> 6).get());
            assertSame(ForkJoinPool.commonPool(), back[1]);
            p.shutdown();
        } finally {
            mine.shutdown();
        }
    }

    @Test
    void aPoolWithATaskRunningOrQueuedIsRefusedSayingSo() throws Exception {
        ThreadPoolExecutor p = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            p.submit(() -> {
                started.countDown();
                release.await();
                return null;
            });
            p.submit(() -> 1);
            started.await();
            String why = refusal(p);
            assertTrue(why.contains("1 task(s) running and 1 queued") && why.contains("only a pool idle at the cut"), why);
        } finally {
            release.countDown();
            p.shutdown();
        }
        ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1);
        try {
            s.schedule(() -> 1, 1, TimeUnit.HOURS);
            String why = refusal(s);
            assertTrue(why.contains("1 scheduled"), why);
        } finally {
            s.shutdownNow();
        }
    }

    @Test
    void completeFuturesKeepTheirOutcomeAndPendingOnesAreRefused() throws Exception {
        FutureTask<Object> value = new FutureTask<>(() -> "v");
        value.run();
        FutureTask<Object> failed = new FutureTask<>(() -> {
            throw new IllegalStateException("boom");
        });
        failed.run();
        FutureTask<Object> cancelled = new FutureTask<>(() -> 1);
        cancelled.cancel(false);
        CompletableFuture<Object> done = CompletableFuture.completedFuture(12);
        CompletableFuture<Object> bad = new CompletableFuture<>();
        bad.completeExceptionally(new ArithmeticException("x"));
        Object[] back = (Object[]) roundTrip(new Object[] {value, failed, cancelled, done, bad});
        assertEquals("v", ((Future<?>) back[0]).get());
        ExecutionException e = assertThrows(ExecutionException.class, () -> ((Future<?>) back[1]).get());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("boom", e.getCause().getMessage());
        assertTrue(((Future<?>) back[2]).isCancelled());
        assertEquals(12, ((CompletableFuture<?>) back[3]).get());
        assertTrue(((CompletableFuture<?>) back[4]).isCompletedExceptionally());

        assertTrue(refusal(new FutureTask<>(() -> 1)).contains("a FutureTask that has not completed"));
        assertTrue(refusal(new CompletableFuture<>()).contains("a CompletableFuture that has not completed"));
    }

    @Test
    void aPoolClassOfTheApplicationsIsStillRefused() {
        ThreadPoolExecutor sub = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>()) {
        };
        try {
            assertTrue(refusal(sub).contains("an executor or process"), refusal(sub));
        } finally {
            sub.shutdown();
        }
        ScheduledExecutorService unconfigurable = Executors.unconfigurableScheduledExecutorService(new ScheduledThreadPoolExecutor(1));
        try {
            assertInstanceOf(ScheduledExecutorService.class, roundTrip(unconfigurable));
        } finally {
            unconfigurable.shutdown();
        }
    }

    private static void awaitIdle(ThreadPoolExecutor p) throws InterruptedException {
        while (p.getActiveCount() > 0) {
            Thread.sleep(1);
        }
    }
}
