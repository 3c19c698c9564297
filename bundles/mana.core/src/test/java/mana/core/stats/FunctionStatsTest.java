package mana.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mana.core.gate.CallerThreads;
import org.junit.jupiter.api.Test;

/** FunctionStats is static and shared: every test uses names of its own. */
class FunctionStatsTest {

    @Test
    void idIsStablePerName() {
        int a = FunctionStats.id("MPI_Test_stable_a");
        int b = FunctionStats.id("MPI_Test_stable_b");
        assertNotEquals(a, b);
        assertEquals(a, FunctionStats.id("MPI_Test_stable_a"));
        assertEquals(b, FunctionStats.id("MPI_Test_stable_b"));
    }

    @Test
    void countIncrementsTheCallsOfThatFunctionOnly() {
        int send = FunctionStats.id("MPI_Test_count_send");
        int recv = FunctionStats.id("MPI_Test_count_recv");
        assertEquals(0, FunctionStats.calls("MPI_Test_count_send"));
        FunctionStats.count(send);
        FunctionStats.count(send);
        FunctionStats.count(send);
        FunctionStats.count(recv);
        assertEquals(3, FunctionStats.calls("MPI_Test_count_send"));
        assertEquals(1, FunctionStats.calls("MPI_Test_count_recv"));
        assertEquals(0, FunctionStats.calls("MPI_Test_never_registered"));
    }

    @Test
    void snapshotListsCalledFunctionsInIdOrder() {
        int first = FunctionStats.id("MPI_Test_snap_first");
        int unused = FunctionStats.id("MPI_Test_snap_unused");
        int second = FunctionStats.id("MPI_Test_snap_second");
        FunctionStats.count(second);
        FunctionStats.count(first);
        FunctionStats.count(first);
        List<FunctionStats.Row> rows = FunctionStats.snapshot();
        int iFirst = -1;
        int iSecond = -1;
        for (int i = 0; i < rows.size(); i++) {
            String f = rows.get(i).function();
            assertNotEquals("MPI_Test_snap_unused", f, "functions never called are not listed");
            if (f.equals("MPI_Test_snap_first")) {
                iFirst = i;
                assertEquals(2, rows.get(i).calls());
            } else if (f.equals("MPI_Test_snap_second")) {
                iSecond = i;
                assertEquals(1, rows.get(i).calls());
            }
        }
        assertTrue(iFirst >= 0 && iSecond > iFirst, "rows in id order");
        assertTrue(first < unused && unused < second);
    }

    /** With MPI_THREAD_MULTIPLE the counts are atomic: no increment of any thread is lost. */
    @Test
    void concurrentCountsAreNotLost() throws Exception {
        int id = FunctionStats.id("MPI_Test_concurrent_count");
        int threads = 8;
        int per = 50_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CallerThreads.requested(CallerThreads.THREAD_MULTIPLE);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < per; i++) {
                        FunctionStats.count(id);
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            CallerThreads.requested(0);
            pool.shutdownNow();
        }
        assertEquals((long) threads * per, FunctionStats.calls("MPI_Test_concurrent_count"));
    }

    /** Below MULTIPLE calls never overlap; counts taken on several threads one after another are exact. */
    @Test
    void serializedCountsOfSeveralThreadsAreExact() throws Exception {
        int id = FunctionStats.id("MPI_Test_serialized_count");
        CallerThreads.requested(2); // MPI_THREAD_SERIALIZED
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            for (int round = 0; round < 4; round++) {
                for (int i = 0; i < 10_000; i++) {
                    FunctionStats.count(id);
                }
                pool.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        FunctionStats.count(id);
                    }
                }).get(60, TimeUnit.SECONDS);
            }
        } finally {
            CallerThreads.requested(0);
            pool.shutdownNow();
        }
        assertEquals(80_000L, FunctionStats.calls("MPI_Test_serialized_count"));
    }

    @Test
    void concurrentIdForManyNamesGivesUniqueStableIds() throws Exception {
        int threads = 8;
        int names = 200;
        CountDownLatch start = new CountDownLatch(1);
        Map<String, Integer> seen = new ConcurrentHashMap<>();
        List<String> conflicts = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int offset = t;
                fs.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < names; i++) {
                        String name = "MPI_Test_concurrent_" + ((i + offset * 25) % names);
                        int id = FunctionStats.id(name);
                        Integer prev = seen.putIfAbsent(name, id);
                        if (prev != null && prev != id) {
                            conflicts.add(name + ": " + prev + " vs " + id);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : fs) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(conflicts.isEmpty(), conflicts.toString());
        assertEquals(names, seen.size());
        assertEquals(names, new HashSet<>(seen.values()).size(), "distinct names get distinct ids");
        Map<String, Integer> again = new HashMap<>();
        seen.keySet().forEach(n -> again.put(n, FunctionStats.id(n)));
        assertEquals(seen, again);
    }
}
