package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static mana.ckpt.heap.internal.HeapRoundTrip.refusal;
import static mana.ckpt.heap.internal.HeapRoundTrip.roundTrip;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** Threads that have ended are saved (as ended threads of the same name); live, unstarted or subclassed ones are refused. */
class FinishedThreadsTest {

    @Test
    void joinedWorkersComeBackAsEndedThreadsOfTheSameName() throws Exception {
        int[] sums = new int[2];
        Thread[] workers = new Thread[2];
        for (int i = 0; i < 2; i++) {
            int me = i;
            workers[i] = new Thread(() -> sums[me] = me + 40, "worker-" + i);
            workers[i].setDaemon(true);
            workers[i].start();
        }
        for (Thread t : workers) {
            t.join();
        }
        Object[] back = (Object[]) roundTrip(new Object[] {workers, workers[1], sums});
        Thread[] w = (Thread[]) back[0];
        assertSame(w[1], back[1], "one thread, referred to twice, is one thread again");
        for (int i = 0; i < 2; i++) {
            assertNotSame(workers[i], w[i]);
            assertEquals("worker-" + i, w[i].getName());
            assertTrue(w[i].isDaemon());
            assertEquals(Thread.State.TERMINATED, w[i].getState());
            assertFalse(w[i].isAlive());
            w[i].join(); // returns at once
        }
        assertEquals(41, ((int[]) back[2])[1], "what the workers computed is in the heap");
    }

    @Test
    void aLiveOrUnstartedThreadOrASubclassIsRefused() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Thread live = new Thread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "busy");
        live.start();
        try {
            String why = refusal(live);
            assertTrue(why.startsWith("a thread (java.lang.Thread): threads are not saved") && why.contains("only threads that have ended; \"busy\" is "), why);
        } finally {
            release.countDown();
            live.join();
        }
        assertTrue(refusal(new Thread(() -> { }, "never")).contains("\"never\" is NEW"));
        Thread sub = new Thread("sub") {
        };
        sub.start();
        sub.join();
        assertTrue(refusal(sub).contains("threads are not saved"), refusal(sub));
    }
}
