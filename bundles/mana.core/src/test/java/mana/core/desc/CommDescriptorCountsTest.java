package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mana.core.gate.CallerThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The message counters and the collective clock the checkpoint drain relies on: exact in both modes. */
class CommDescriptorCountsTest {
    @AfterEach
    void singleAgain() {
        CallerThreads.requested(0);
    }

    @Test
    void countsPerPeerAndIgnoresPeersOutsideTheCommunicator() {
        CommDescriptor d = new CommDescriptor(7L, 0, new int[] {0, 1, 2}, null, false);
        for (int i = 0; i < 5; i++) {
            d.countSent(1);
        }
        d.countSent(2);
        d.countReceived(0);
        d.countSent(-2); // PROC_NULL
        d.countReceived(3); // not a member
        assertEquals(0, d.sentTo(0));
        assertEquals(5, d.sentTo(1));
        assertEquals(1, d.sentTo(2));
        assertEquals(1, d.receivedFrom(0));
        assertEquals(0, d.receivedFrom(2));
        assertEquals(1, d.beginCollective());
        assertEquals(2, d.beginCollective());
        assertEquals(2, d.collectiveSeq());
        d.restoreCounts(1, 40, 41);
        d.restoreCollectiveSeq(9);
        assertEquals(40, d.sentTo(1));
        assertEquals(41, d.receivedFrom(1));
        assertEquals(10, d.beginCollective());
    }

    @Test
    void withThreadMultipleConcurrentCountsAreNotLost() throws Exception {
        CallerThreads.requested(CallerThreads.THREAD_MULTIPLE);
        CommDescriptor d = new CommDescriptor(8L, 0, new int[] {0, 1}, null, false);
        int threads = 6;
        int per = 40_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < per; i++) {
                        d.countSent(1);
                        d.countReceived(0);
                        d.beginCollective();
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals((long) threads * per, d.sentTo(1));
        assertEquals((long) threads * per, d.receivedFrom(0));
        assertEquals((long) threads * per, d.collectiveSeq());
    }
}
