package mana.ckpttest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real jobs: an uninterrupted run gives R; a run checkpointed mid-way and killed, then restarted
 * from the checkpoint, gives R bit for bit. The program ({@link Mixed}) puts every kind of MPI
 * state the engine handles across the one cut: messages in flight on a split communicator,
 * ANY_SOURCE receives and probes, a pending iRecv completed by the drain and one re-posted at the
 * restart, a derived datatype whose parent was freed, a user op and persistent requests.
 * (Each kind alone: {@link Scenario}, whose modes the README lists for running by hand.)
 */
class CheckpointRestartTest {

    @Test
    void aJobCheckpointedKilledAndRestartedGivesTheUninterruptedResult(@TempDir Path tmp) {
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "mixed", 4, 3, 5, 8);
        // rank 0: its split-ring, typed-ring and 3 fan-in messages; the others: split and typed ring
        assertEquals(11, Jobs.drained(runs[1]), "messages in flight at the cut:\n" + runs[1].all());
    }

    @Test
    void aRestartedJobCanBeCheckpointedKilledAndRestartedAgain(@TempDir Path tmp) {
        Path root = tmp.resolve("ckpt");
        String expected = Jobs.result(Jobs.run(3, null, "mixed", root, -1, -1, 9), "mixed");
        ManaJob.Run first = Jobs.run(3, null, Jobs.MIXED, "mixed", root, 2, 3, 9, "5", "6");
        assertTrue(first.exit() != 0 && first.out().contains("CKPT rank=0 committed=true seq=1"), first.all());
        // restarted from checkpoint 1, it takes checkpoint 2 at iteration 5 and dies at 6
        ManaJob.Run second = Jobs.run(3, root.resolve("ckpt-000001"), Jobs.MIXED, "mixed", root, 2, 3, 9, "5", "6");
        assertTrue(second.exit() != 0 && second.out().contains("RESTARTED seq=1 safepoint=2")
                && second.out().contains("CKPT rank=0 committed=true seq=2"), second.all());
        ManaJob.Run last = Jobs.run(3, root.resolve("ckpt-000002"), Jobs.MIXED, "mixed", root, 2, 3, 9);
        assertEquals(0, last.exit(), last.all());
        assertTrue(last.out().contains("RESTARTED seq=2 safepoint=5"), last.all());
        assertEquals(expected, Jobs.result(last, "mixed"));
    }

    @Test
    void drainedMessagesAreServedInTheSameRunAfterTheCheckpoint(@TempDir Path tmp) {
        Path root = tmp.resolve("ckpt");
        ManaJob.Run plain = Jobs.run(3, null, "mixed", root, -1, -1, 6);
        ManaJob.Run checkpointed = Jobs.run(3, null, "mixed", root, 2, -1, 6);
        assertEquals(0, checkpointed.exit(), checkpointed.all());
        assertTrue(Jobs.drained(checkpointed) >= 3, checkpointed.all());
        assertEquals(Jobs.result(plain, "mixed"), Jobs.result(checkpointed, "mixed"));
    }

    @Test
    void aReceiveTruncatedUnderErrorsReturnCountsAsReceivedAtTheCut(@TempDir Path tmp) {
        // before the cut at iteration 5: truncated recv, iRecv, both from ANY_SOURCE, and a sendRecv
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "truncate", 2, 5, 6, 8);
        assertEquals(0, Jobs.drained(runs[1]), "the truncated messages were consumed:\n" + runs[1].all());
    }

    @Test
    void anIntercommunicatorWithMessagesInFlightIsRebuiltAtTheRestart(@TempDir Path tmp) {
        // 3 ranks: groups {0, 2} and {1}; each rank has one message in flight at the cut
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "inter", 3, 3, 4, 7);
        assertEquals(3, Jobs.drained(runs[1]), "messages in flight on the intercommunicator:\n" + runs[1].all());
    }

    @Test
    void noCheckpointWhileConnectedToSpawnedProcessesThenCheckpointAndRestartAfterTheDisconnect(@TempDir Path tmp) {
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "spawn", 2, 3, 4, 7);
        for (ManaJob.Run r : List.of(runs[0], runs[1])) {
            List<String> probes = r.outLines().stream().filter(l -> l.startsWith("PROBE")).toList();
            assertEquals(2, probes.size(), r.all());
            for (String p : probes) {
                assertTrue(p.contains("committed=false") && p.contains("holds processes outside this job"), p);
            }
        }
        assertFalse(runs[2].out().contains("PROBE"), "the restart does not spawn again:\n" + runs[2].all());
    }

    @Test
    void windowsAreRebuiltOverTheRestoredBuffersWithTheirEpochsAndTheirPendingOperationsDone(@TempDir Path tmp) {
        // a put outstanding on a fence-epoch window and a shared lock held on another at the cut
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "win", 3, 3, 4, 7);
        // every rank added one to rank 0's tally in each of the 7 iterations, across the restart too
        assertTrue(runs[0].out().contains("TALLY 21"), runs[0].all());
        assertTrue(runs[2].out().contains("TALLY 21"), runs[2].all());
    }

    @Test
    void windowsMpiAllocatedAreRebuiltWithTheirContentsAtTheCut(@TempDir Path tmp) {
        // allocate: a put outstanding in a fence epoch; allocateShared: a shared lock and an accumulate held
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "winalloc", 3, 3, 4, 7);
        assertTrue(runs[0].out().contains("TALLY 21"), runs[0].all());
        assertTrue(runs[2].out().contains("TALLY 21"), runs[2].all());
    }

    @Test
    void bufferedSendsGoOnAndBufferViewsStillShareTheirMemoryAfterTheRestart(@TempDir Path tmp) {
        // a bSend in flight at the cut on every rank; after the restart the program bSends on
        // without attaching again, and its detach returns the array its restored state holds;
        // an int written through a view of a direct buffer is read back through the buffer
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "bsend", 3, 3, 4, 7);
        assertEquals(3, Jobs.drained(runs[1]), "buffered messages in flight at the cut:\n" + runs[1].all());
    }

    @Test
    void aMessageMatchedByMprobeButNotYetReceivedIsHeldAcrossTheCheckpointAndTheRestart(@TempDir Path tmp) {
        // every rank reaches the safe point holding a matched message; mRecv and imRecv take it after the restart
        ManaJob.Run[] runs = Jobs.checkpointKillRestart(tmp, "mprobe", 3, 3, 4, 7);
        // and in the run that goes on after the checkpoint, without a restart
        ManaJob.Run goesOn = Jobs.run(3, null, "mprobe", tmp.resolve("again"), 3, -1, 7);
        assertEquals(0, goesOn.exit(), goesOn.all());
        assertTrue(goesOn.out().contains("committed=true seq=1"), goesOn.all());
        assertEquals(Jobs.result(runs[0], "mprobe"), Jobs.result(goesOn, "mprobe"), goesOn.all());
    }

    @Test
    void disagreeingCollectiveClocksAbandonTheCheckpointAndTheJobGoesOn(@TempDir Path tmp) {
        ManaJob.Run r = Jobs.run(3, null, "clock", tmp.resolve("ckpt"), 0, -1, 1);
        assertEquals(0, r.exit(), r.all());
        assertEquals("297", Jobs.result(r, "clock"));
        for (String l : Jobs.checkpointLines(r)) {
            assertTrue(l.contains("committed=false") && l.contains("collective clocks disagree: communicator gid 0"
                    + " (MPI_COMM_WORLD): ranks [1, 2] at collective 0, rank 0 at collective 1"), l);
        }
        assertEquals(3, Jobs.checkpointLines(r).size(), r.all());
    }
}
