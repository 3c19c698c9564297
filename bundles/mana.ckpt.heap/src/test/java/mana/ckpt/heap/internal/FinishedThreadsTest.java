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

    /** A Runnable of the program's (saved by fields), as a worker made for later. */
    static final class Count implements Runnable {
        int[] into;

        @Override
        public void run() {
            into[0]++;
        }
    }

    @Test
    void anUnstartedThreadComesBackUnstartedWithItsRunnable() throws Exception {
        Count c = new Count();
        c.into = new int[1];
        Thread later = new Thread(c, "later");
        Thread bare = new Thread(); // as `Thread t = new Thread(); t.sleep(...)` holds it
        Object[] back = (Object[]) roundTrip(new Object[] {later, c.into, bare});
        Thread t = (Thread) back[0];
        assertEquals("later", t.getName());
        assertEquals(Thread.State.NEW, t.getState());
        t.start();
        t.join();
        assertEquals(1, ((int[]) back[1])[0], "the restored thread runs the restored Runnable, over the restored heap");
        assertEquals(Thread.State.NEW, ((Thread) back[2]).getState());
        Object[] again = (Object[]) roundTrip(new Object[] {back[2]});
        assertEquals(Thread.State.NEW, ((Thread) again[0]).getState(), "a restored unstarted thread is saved again");
    }

    @Test
    void aLiveThreadOrASubclassIsRefused() throws Exception {
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
            assertTrue(why.startsWith("a thread (java.lang.Thread): threads are not saved") && why.contains("only threads that have ended or not started; \"busy\" is "), why);
        } finally {
            release.countDown();
            live.join();
        }
        Thread sub = new Thread("sub") {
        };
        sub.start();
        sub.join();
        assertTrue(refusal(sub).contains("threads are not saved"), refusal(sub));
    }
}
