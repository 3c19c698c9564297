package mana.core.vid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import mana.core.desc.GroupDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.gate.CallerThreads;
import org.junit.jupiter.api.Test;

class VidTableTest {

    private static String message(ManaException e) {
        return e.getMessage() == null ? "" : e.getMessage();
    }

    @Test
    void createThenLowerReturnsTheObject() throws ManaException {
        VidTable t = new VidTable();
        Object lower = new Object();
        int vid = t.create(Kind.COMM, lower, null);
        assertEquals(Kind.COMM, Vid.kind(vid));
        assertNotEquals(Vid.PREDEFINED_GENERATION, Vid.generation(vid));
        assertFalse(Vid.isPredefined(vid));
        assertSame(lower, t.lower(vid, Kind.COMM));
        assertTrue(t.isLive(vid));
        assertEquals(1, t.liveCount());
        VidTable.Entry e = t.entry(vid, Kind.COMM);
        assertEquals(vid, e.vid());
        assertSame(lower, e.lower());
        assertNull(e.descriptor());
    }

    @Test
    void entryKeepsDescriptorAndItsSequence() throws ManaException {
        VidTable t = new VidTable();
        GroupDescriptor d = new GroupDescriptor(new int[] {0, 1});
        int vid = t.create(Kind.GROUP, "g", d);
        VidTable.Entry e = t.entry(vid, Kind.GROUP);
        assertSame(d, e.descriptor());
        assertEquals(d.sequence(), e.sequence());
        assertSame(d, t.free(vid, Kind.GROUP), "free returns the descriptor");
    }

    @Test
    void createRejectsBadKinds() {
        VidTable t = new VidTable();
        assertThrows(IllegalArgumentException.class, () -> t.create(0, "x", null));
        assertThrows(IllegalArgumentException.class, () -> t.create(Kind.LIMIT, "x", null));
        assertEquals(0, t.liveCount());
    }

    @Test
    void lowerAfterFreeSaysFreedWithTheKindsErrorClass() throws ManaException {
        VidTable t = new VidTable();
        int vid = t.create(Kind.COMM, "c", null);
        t.free(vid, Kind.COMM);
        assertFalse(t.isLive(vid));
        assertEquals(0, t.liveCount());
        ManaException e = assertThrows(ManaException.class, () -> t.lower(vid, Kind.COMM));
        assertEquals(ErrorClass.COMM, e.errorClass());
        assertEquals(ErrorClass.COMM, e.errorCode());
        assertTrue(message(e).contains("freed") || message(e).contains("stale"), message(e));
        assertTrue(message(e).contains("communicator"), message(e));
    }

    @Test
    void freeThroughTheLookedUpEntryFreesOnceAndRejectsAnotherHandle() throws ManaException {
        VidTable t = new VidTable();
        int vid = t.create(Kind.REQUEST, "r", null);
        int other = t.create(Kind.REQUEST, "s", null);
        VidTable.Entry e = t.entry(vid, Kind.REQUEST);
        ManaException wrong = assertThrows(ManaException.class, () -> t.free(e, other, Kind.REQUEST));
        assertTrue(wrong.getMessage().contains("invalid request"), wrong.getMessage());
        assertThrows(ManaException.class, () -> t.free(e, vid, Kind.COMM));
        t.free(e, vid, Kind.REQUEST);
        assertFalse(t.isLive(vid));
        assertTrue(t.isLive(other));
        ManaException twice = assertThrows(ManaException.class, () -> t.free(e, vid, Kind.REQUEST));
        assertTrue(twice.getMessage().contains("freed"), twice.getMessage());
        assertEquals(1, t.liveCount());
    }

    @Test
    void errorClassFollowsTheExpectedKind() throws ManaException {
        int[][] kinds = {{Kind.GROUP, ErrorClass.GROUP}, {Kind.DATATYPE, ErrorClass.TYPE}, {Kind.OP, ErrorClass.OP},
            {Kind.REQUEST, ErrorClass.REQUEST}, {Kind.FILE, ErrorClass.FILE}, {Kind.WIN, ErrorClass.WIN}};
        VidTable t = new VidTable();
        for (int[] k : kinds) {
            int vid = t.create(k[0], "o", null);
            t.free(vid, k[0]);
            ManaException e = assertThrows(ManaException.class, () -> t.lower(vid, k[0]));
            assertEquals(k[1], e.errorClass(), Kind.name(k[0]));
        }
    }

    @Test
    void slotReuseGivesANewVidAndTheOldOneIsStale() throws ManaException {
        VidTable t = new VidTable();
        int old = t.create(Kind.COMM, "first", null);
        t.free(old, Kind.COMM);
        int fresh = t.create(Kind.COMM, "second", null);
        assertEquals(Vid.slot(old), Vid.slot(fresh), "the freed slot is reused");
        assertNotEquals(old, fresh);
        assertEquals(Vid.nextGeneration(Vid.generation(old)), Vid.generation(fresh));
        assertEquals("second", t.lower(fresh, Kind.COMM));
        ManaException e = assertThrows(ManaException.class, () -> t.lower(old, Kind.COMM));
        assertTrue(message(e).contains("stale"), message(e));
        assertTrue(message(e).contains("reused"), message(e));
        assertThrows(ManaException.class, () -> t.free(old, Kind.COMM), "freeing a stale handle");
        assertEquals("second", t.lower(fresh, Kind.COMM), "a stale free leaves the new handle alone");
    }

    @Test
    void staleHandleWhoseSlotNowHoldsAnotherKind() throws ManaException {
        VidTable t = new VidTable();
        int comm = t.create(Kind.COMM, "c", null);
        t.free(comm, Kind.COMM);
        int type = t.create(Kind.DATATYPE, "t", null);
        assertEquals(Vid.slot(comm), Vid.slot(type));
        ManaException e = assertThrows(ManaException.class, () -> t.lower(comm, Kind.COMM));
        assertTrue(message(e).contains("stale") && message(e).contains("datatype"), message(e));
    }

    @Test
    void generationWrapAroundAlwaysRejectsThePreviousValue() throws ManaException {
        VidTable t = new VidTable();
        int vid = t.create(Kind.REQUEST, 0, null);
        int slot = Vid.slot(vid);
        Set<Integer> seen = new HashSet<>();
        seen.add(vid);
        boolean cycled = false;
        for (int i = 1; i <= 40; i++) {
            t.free(vid, Kind.REQUEST);
            int previous = vid;
            vid = t.create(Kind.REQUEST, i, null);
            assertEquals(slot, Vid.slot(vid));
            assertNotEquals(previous, vid);
            assertNotEquals(Vid.PREDEFINED_GENERATION, Vid.generation(vid));
            assertThrows(ManaException.class, () -> t.lower(previous, Kind.REQUEST));
            assertFalse(t.isLive(previous));
            assertEquals(i, t.lower(vid, Kind.REQUEST));
            cycled |= !seen.add(vid);
        }
        assertTrue(cycled, "after more than 15 reuses the handle values cycle");
        assertEquals(Vid.GENERATIONS - 1, seen.size(), "15 distinct generations, 0 never used");
        assertEquals(1, t.liveCount());
    }

    @Test
    void forgedHandleOfTheWrongKind() throws ManaException {
        VidTable t = new VidTable();
        int type = t.create(Kind.DATATYPE, "t", null);
        ManaException e = assertThrows(ManaException.class, () -> t.lower(type, Kind.COMM));
        assertEquals(ErrorClass.COMM, e.errorClass());
        assertTrue(message(e).contains("is a datatype handle, not a communicator handle"), message(e));
        assertThrows(ManaException.class, () -> t.entry(type, Kind.COMM));
        assertThrows(ManaException.class, () -> t.free(type, Kind.COMM));
        assertEquals("t", t.lower(type, Kind.DATATYPE), "a failed free of the wrong kind frees nothing");
    }

    @Test
    void forgedHandleOfASlotNeverAllocated() throws ManaException {
        VidTable t = new VidTable();
        t.create(Kind.COMM, "c", null);
        for (int slot : new int[] {1, 4096, 123_456, Vid.MAX_SLOT}) {
            int forged = Vid.make(Kind.COMM, 1, slot);
            ManaException e = assertThrows(ManaException.class, () -> t.lower(forged, Kind.COMM));
            assertTrue(message(e).contains("never allocated"), message(e));
            assertFalse(t.isLive(forged));
        }
    }

    @Test
    void aValueOfNoKindIsNamedAsForgedByTheTableAndTheConstants() {
        VidTable t = new VidTable();
        for (int forged : new int[] {0x0123_4567, 7, 0xC000_0001, 0xF100_0000}) {
            ManaException e = assertThrows(ManaException.class, () -> t.lower(forged, Kind.REQUEST));
            assertEquals(ErrorClass.REQUEST, e.errorClass());
            String m = message(e);
            boolean predefinedPath = (forged & 0x0F00_0000) == 0;
            assertTrue(m.contains("is not a handle of any kind (forged handle?)"),
                    (predefinedPath ? "constants: " : "table: ") + m);
        }
    }

    @Test
    void nullHandleIsRejected() {
        VidTable t = new VidTable();
        ManaException e = assertThrows(ManaException.class, () -> t.lower(Vid.NULL, Kind.COMM));
        assertEquals(ErrorClass.COMM, e.errorClass());
        assertTrue(message(e).contains("null handle"), message(e));
        assertThrows(ManaException.class, () -> t.entry(Vid.NULL, Kind.COMM));
        assertThrows(ManaException.class, () -> t.free(Vid.NULL, Kind.COMM));
        assertFalse(t.isLive(Vid.NULL));
    }

    @Test
    void predefinedGenerationValueForAnUnknownIndex() {
        VidTable t = new VidTable();
        int bogus = Vid.predefined(Kind.COMM, 500);
        ManaException e = assertThrows(ManaException.class, () -> t.lower(bogus, Kind.COMM));
        assertEquals(ErrorClass.COMM, e.errorClass());
        assertTrue(message(e).contains("not a predefined communicator"), message(e));
        assertThrows(ManaException.class, () -> t.entry(bogus, Kind.COMM), "predefined handles have no entry");
        assertFalse(t.isLive(bogus));
    }

    @Test
    void predefinedHandleResolvesThroughConstants() throws ManaException {
        VidTable t = new VidTable();
        int world = Predefined.handle(Kind.COMM, "COMM_WORLD");
        Object lower = new Object();
        Constants.set(world, lower);
        assertSame(lower, t.lower(world, Kind.COMM));
        assertThrows(ManaException.class, () -> t.lower(world, Kind.GROUP));
    }

    @Test
    void anyIntGivesAManaExceptionOrAValidResultNeverARuntimeError() throws ManaException {
        VidTable t = new VidTable();
        List<Integer> liveVids = new ArrayList<>();
        for (int i = 0; i < 5000; i++) { // two chunks, some freed
            int kind = 1 + (i % 10);
            int vid = t.create(kind, "o" + i, null);
            if (i % 3 == 0) {
                t.free(vid, kind);
            } else {
                liveVids.add(vid);
            }
        }
        Set<Integer> live = new HashSet<>(liveVids);
        Random r = new Random(20240611L);
        int valid = 0;
        for (int i = 0; i < 20_000; i++) {
            // Random ints, plus values near live handles so that the slow paths get exercised too.
            int vid = switch (i % 4) {
                case 0 -> r.nextInt();
                case 1 -> liveVids.get(r.nextInt(liveVids.size())) ^ (1 << r.nextInt(32));
                case 2 -> liveVids.get(r.nextInt(liveVids.size()));
                default -> r.nextInt(1 << 28) | (r.nextInt(Kind.LIMIT) << 28);
            };
            int kind = r.nextInt(Kind.LIMIT + 2) - 1; // includes -1, 0 and 16
            try {
                Object o = t.lower(vid, kind);
                assertTrue(o != null, "lower never returns null");
                if (!Vid.isPredefined(vid)) {
                    assertTrue(live.contains(vid), () -> "resolved a handle that is not live: " + Vid.toString(vid));
                    assertEquals(kind, Vid.kind(vid));
                }
                valid++;
            } catch (ManaException expected) {
                assertTrue(expected.getMessage() != null && !expected.getMessage().isEmpty());
                assertFalse(live.contains(vid) && Vid.kind(vid) == kind,
                        () -> "rejected a live handle: " + Vid.toString(vid) + ": " + expected.getMessage());
            } catch (RuntimeException e) {
                fail("lower(" + Vid.toString(vid) + ", " + kind + ") threw " + e, e);
            }
            try {
                t.entry(vid, kind);
            } catch (ManaException expected) {
                // fine
            } catch (RuntimeException e) {
                fail("entry(" + Vid.toString(vid) + ", " + kind + ") threw " + e, e);
            }
            try {
                t.isLive(vid);
            } catch (RuntimeException e) {
                fail("isLive(" + Vid.toString(vid) + ") threw " + e, e);
            }
        }
        assertTrue(valid > 0, "the sequence includes live handles");
        assertEquals(liveVids.size(), t.liveCount(), "lookups change nothing");
    }

    @Test
    void doubleFreeThrows() throws ManaException {
        VidTable t = new VidTable();
        int vid = t.create(Kind.OP, "op", null);
        t.free(vid, Kind.OP);
        ManaException e = assertThrows(ManaException.class, () -> t.free(vid, Kind.OP));
        assertEquals(ErrorClass.OP, e.errorClass());
        assertTrue(message(e).contains("freed"), message(e));
        assertEquals(0, t.liveCount(), "a double free does not decrement the count again");
        int next = t.create(Kind.OP, "op2", null);
        int other = t.create(Kind.OP, "op3", null);
        assertNotEquals(Vid.slot(next), Vid.slot(other), "a double free does not put the slot twice on the free list");
    }

    @Test
    void liveEntriesListsExactlyTheLiveHandles() throws ManaException {
        VidTable t = new VidTable();
        Set<Integer> expected = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            int vid = t.create(Kind.GROUP, i, null);
            if (i % 4 == 0) {
                t.free(vid, Kind.GROUP);
            } else {
                expected.add(vid);
            }
        }
        Set<Integer> listed = new HashSet<>();
        for (VidTable.Entry e : t.liveEntries()) {
            assertTrue(listed.add(e.vid()));
            assertEquals(e.lower(), t.lower(e.vid(), Kind.GROUP));
        }
        assertEquals(expected, listed);
    }

    @Test
    void rebindReplacesTheLowerObject() throws ManaException {
        VidTable t = new VidTable();
        int vid = t.create(Kind.COMM, "before", null);
        t.rebind(vid, Kind.COMM, "after");
        assertEquals("after", t.lower(vid, Kind.COMM));
        t.free(vid, Kind.COMM);
        assertThrows(ManaException.class, () -> t.rebind(vid, Kind.COMM, "again"));
    }

    @Test
    void growsToAMillionLiveHandles() throws ManaException {
        final int n = 1_000_000;
        VidTable t = new VidTable();
        int[] vids = new int[n];
        for (int i = 0; i < n; i++) {
            vids[i] = t.create(Kind.REQUEST, Integer.valueOf(i), null);
        }
        assertEquals(n, t.liveCount());
        for (int i = 0; i < n; i++) {
            assertEquals(i, ((Integer) t.lower(vids[i], Kind.REQUEST)).intValue());
        }
        assertEquals(n, new HashSet<>(List.of(box(vids))).size(), "all handles distinct");
        // Free every other one; the rest still resolve, freed ones are rejected.
        for (int i = 0; i < n; i += 2) {
            t.free(vids[i], Kind.REQUEST);
        }
        assertEquals(n / 2, t.liveCount());
        for (int i = 0; i < n; i++) {
            if (i % 2 == 0) {
                assertFalse(t.isLive(vids[i]));
            } else {
                assertEquals(i, ((Integer) t.lower(vids[i], Kind.REQUEST)).intValue());
            }
        }
        assertEquals(n / 2, t.liveEntries().size());
    }

    private static Integer[] box(int[] a) {
        Integer[] b = new Integer[a.length];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i];
        }
        return b;
    }

    /** With MPI_THREAD_MULTIPLE (the lock-free path); below it creates and frees never overlap. */
    @Test
    void concurrentCreateLookupFreeFromEightThreads() throws Exception {
        CallerThreads.requested(CallerThreads.THREAD_MULTIPLE);
        try {
            concurrentCreateLookupFree();
        } finally {
            CallerThreads.requested(0);
        }
    }

    /** Below MULTIPLE: several threads taking turns (MPI_THREAD_SERIALIZED) keep one consistent table. */
    @Test
    void serializedCreateAndFreeFromThreadsTakingTurns() throws Exception {
        CallerThreads.requested(2);
        VidTable t = new VidTable();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Integer> kept = new ArrayList<>();
            for (int turn = 0; turn < 30; turn++) {
                kept.addAll(pool.submit(() -> {
                    int[] made = new int[500];
                    for (int i = 0; i < made.length; i++) {
                        made[i] = t.create(Kind.REQUEST, i, null);
                    }
                    List<Integer> keep = new ArrayList<>();
                    for (int i = 0; i < made.length; i++) {
                        if (i % 50 == 0) {
                            keep.add(made[i]);
                        } else {
                            t.free(made[i], Kind.REQUEST);
                        }
                    }
                    return keep;
                }).get(60, TimeUnit.SECONDS));
            }
            assertEquals(kept.size(), t.liveCount());
            assertEquals(kept.size(), new HashSet<>(kept).size(), "no duplicate live vids");
            assertEquals(kept.size(), t.liveEntries().size());
            assertTrue(maxSlotEverUsed(t, 500) <= 500 + kept.size(), "freed slots are reused");
            for (int vid : kept) {
                t.free(vid, Kind.REQUEST);
            }
            assertEquals(0, t.liveCount());
        } finally {
            CallerThreads.requested(0);
            pool.shutdownNow();
        }
    }

    private void concurrentCreateLookupFree() throws Exception {
        final int threads = 8;
        final int rounds = 20;
        final int perRound = 2_000;
        VidTable t = new VidTable();
        CyclicBarrier barrier = new CyclicBarrier(threads + 1);
        // Each thread keeps some handles across the barrier so that the snapshot is non-trivial.
        Set<Integer> keptAtBarrier = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<Integer>>> futures = new ArrayList<>();
            for (int th = 0; th < threads; th++) {
                final int id = th;
                futures.add(pool.submit(() -> {
                    List<Integer> kept = new ArrayList<>();
                    int[] mine = new int[perRound];
                    for (int round = 0; round < rounds; round++) {
                        for (int i = 0; i < perRound; i++) {
                            Long token = ((long) id << 40) | ((long) round << 20) | i;
                            mine[i] = t.create(Kind.REQUEST, token, null);
                        }
                        for (int i = 0; i < perRound; i++) {
                            Long token = ((long) id << 40) | ((long) round << 20) | i;
                            Object o = t.lower(mine[i], Kind.REQUEST);
                            if (!token.equals(o)) {
                                throw new AssertionError("thread " + id + " looked up " + Vid.toString(mine[i])
                                        + " and got " + o + " instead of " + token);
                            }
                        }
                        for (int i = 0; i < perRound; i++) {
                            if (round == rounds / 2 && i % 10 == 0) {
                                kept.add(mine[i]); // stays live until after the barrier
                            } else {
                                t.free(mine[i], Kind.REQUEST);
                            }
                        }
                        if (round == rounds / 2) {
                            keptAtBarrier.addAll(kept);
                            barrier.await(60, TimeUnit.SECONDS); // snapshot point
                            barrier.await(60, TimeUnit.SECONDS); // snapshot taken
                        }
                    }
                    return kept;
                }));
            }
            barrier.await(60, TimeUnit.SECONDS);
            // All threads are parked between the two awaits: only the kept handles are live.
            List<VidTable.Entry> snapshot = t.liveEntries();
            Set<Integer> liveVids = new HashSet<>();
            Set<Integer> liveSlots = new HashSet<>();
            for (VidTable.Entry e : snapshot) {
                assertTrue(liveVids.add(e.vid()), "duplicate live vid " + Vid.toString(e.vid()));
                assertTrue(liveSlots.add(Vid.slot(e.vid())), "two live handles in one slot");
            }
            assertEquals(keptAtBarrier, liveVids, "the live set at the barrier is exactly the kept handles");
            assertEquals(keptAtBarrier.size(), t.liveCount());
            barrier.await(60, TimeUnit.SECONDS);

            List<Integer> allKept = new ArrayList<>();
            for (Future<List<Integer>> f : futures) {
                allKept.addAll(f.get(120, TimeUnit.SECONDS));
            }
            assertEquals(threads * (perRound / 10), allKept.size());
            assertEquals(allKept.size(), t.liveCount());
            assertEquals(new HashSet<>(allKept).size(), allKept.size(), "no duplicate live vids");
            assertEquals(allKept.size(), t.liveEntries().size());
            for (int vid : allKept) {
                assertTrue(t.isLive(vid));
                t.free(vid, Kind.REQUEST);
            }
            assertEquals(0, t.liveCount());
            assertTrue(t.liveEntries().isEmpty());
            // No lost slots: every slot freed went back to the free list, so refilling the table
            // with as many handles as the peak never grows it past the slots already used.
            int peakSlots = maxSlotEverUsed(t, threads * perRound + allKept.size());
            assertTrue(peakSlots <= threads * perRound + allKept.size(),
                    "slots used " + peakSlots + " exceed the peak number of live handles");
        } finally {
            pool.shutdownNow();
        }
    }

    /** Creates {@code n} handles, returns one more than the highest slot given, frees them again. */
    private static int maxSlotEverUsed(VidTable t, int n) throws ManaException {
        int[] vids = new int[n];
        int max = -1;
        for (int i = 0; i < n; i++) {
            vids[i] = t.create(Kind.REQUEST, "x", null);
            max = Math.max(max, Vid.slot(vids[i]));
        }
        Set<Integer> slots = new HashSet<>();
        for (int v : vids) {
            assertTrue(slots.add(Vid.slot(v)), "a slot was handed out twice");
            t.free(v, Kind.REQUEST);
        }
        return max + 1;
    }
}
