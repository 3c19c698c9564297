package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CkptOptionsTest {

    @Test
    void checkpointOptionsAreTakenOutAndTheRestIsLeftForRunArgs() throws UsageError {
        CkptOptions o = CkptOptions.extract("run", List.of("--ckpt-interval", "20s", "-np", "4", "--ckpt-dir=/c", "--class", "a.B",
                "--max-restarts", "3", "--mca", "btl", "self", "app.jar", "--ckpt-keep", "9"), false);
        assertEquals(Duration.ofSeconds(20), o.interval());
        assertEquals("/c", o.ckptDir());
        assertEquals(3, o.maxRestarts());
        assertEquals(2, o.keep(), "options after the jar belong to the application");
        assertEquals(List.of("-np", "4", "--class", "a.B", "--mca", "btl", "self", "app.jar", "--ckpt-keep", "9"), o.rest());
    }

    @Test
    void durations() throws UsageError {
        assertEquals(Duration.ofMillis(500), CkptOptions.duration("run", "500ms"));
        assertEquals(Duration.ofMinutes(2), CkptOptions.duration("run", "2m"));
        assertEquals(Duration.ofHours(1), CkptOptions.duration("run", "1h"));
        assertEquals(Duration.ofSeconds(7), CkptOptions.duration("run", "7"));
        UsageError e = assertThrows(UsageError.class, () -> CkptOptions.duration("run", "0s"));
        assertTrue(e.getMessage().contains("'0s'"), e.getMessage());
    }

    @Test
    void badValuesAreUsageErrors() {
        assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--ckpt-keep", "0", "a.jar"), false));
        assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--max-restarts"), false));
        assertThrows(UsageError.class, () -> CkptOptions.extract("restart", List.of("--ckpt-dir", "x"), true));
    }

    @Test
    void theCheckpointSignalIsNamedAsKillNamesIt() throws UsageError {
        assertEquals("USR1", CkptOptions.extract("run", List.of("--ckpt-on-signal", "SIGUSR1", "a.jar"), false).ckptSignal());
        assertEquals("TERM", CkptOptions.extract("run", List.of("--ckpt-on-signal=term", "a.jar"), false).ckptSignal());
        assertEquals("HUP", CkptOptions.extract("restart", List.of("--ckpt-on-signal", "HUP"), true).ckptSignal());
        assertEquals(null, CkptOptions.extract("run", List.of("a.jar", "--ckpt-on-signal", "TERM"), false).ckptSignal(),
                "after the jar it is the application's");
        UsageError e = assertThrows(UsageError.class,
                () -> CkptOptions.extract("run", List.of("--ckpt-on-signal", "KILL", "a.jar"), false));
        assertEquals("mana run: --ckpt-on-signal expects one of TERM, USR1, USR2, INT, HUP, not 'KILL'", e.line());
    }

    @Test
    void aSignalTheJvmKeepsForItselfIsAUsageError() {
        // SIGQUIT is HotSpot's own (thread dumps): a signal the JVM refuses gives a usage error, not a trace
        UsageError e = assertThrows(UsageError.class, () -> SignalCheckpoint.install("run", "QUIT", s -> { }));
        assertTrue(e.getMessage().startsWith("--ckpt-on-signal QUIT: this JVM does not let a program handle SIGQUIT"),
                e.getMessage());
    }

    @Test
    void restartKeepsTheRankCountOfTheLaunchOrReplacesIt() {
        assertEquals(List.of("-np", "2", "--class", "X", "a.jar"), RestartCommand.withRanks(List.of("-np", "4", "--class", "X", "a.jar"), 2));
        assertEquals(List.of("-np", "3", "a.jar"), RestartCommand.withRanks(List.of("a.jar"), 3));
    }
}
