package mana.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** mana bench startup: stamps to phases, medians, arguments. */
class StartupSampleTest {

    @Test
    void phasesRunFromLaunchToTheLastRankInMainAndOnToExit() throws Exception {
        String out = "Hello\nmana-startup rank=1 size=2 entered=1700 left=1900\n"
                + "[mana] something else\nmana-startup rank=0 size=2 entered=1500 left=1950\n";
        StartupSample s = StartupSample.of(out, 2, 1000, 2500, 77);
        assertEquals(new StartupSample(700, 800, 1500, 77), s);
    }

    @Test
    void aMissingRankAWrongSizeOrATwiceStampedRankIsNoMeasurement() {
        StartupSample.BadOutput e = assertThrows(StartupSample.BadOutput.class,
                () -> StartupSample.of("mana-startup rank=0 size=3 entered=5 left=6\n", 3, 1, 10, -1));
        assertTrue(e.getMessage().contains("no stamp from rank(s) [1, 2]"), e.getMessage());
        e = assertThrows(StartupSample.BadOutput.class, () -> StartupSample.of("mana-startup rank=0 size=1 entered=5 left=6\n", 2, 1, 10, -1));
        assertTrue(e.getMessage().contains("saw 1 ranks"), e.getMessage());
        e = assertThrows(StartupSample.BadOutput.class,
                () -> StartupSample.of("mana-startup rank=0 size=1 entered=5 left=6\nmana-startup rank=0 size=1 entered=5 left=6\n", 1, 1, 10, -1));
        assertTrue(e.getMessage().contains("two stamps"), e.getMessage());
        e = assertThrows(StartupSample.BadOutput.class, () -> StartupSample.of("mana-startup rank=0 size=1 entered=50 left=60\n", 1, 1, 10, -1));
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
    }

    @Test
    void childrenCpuIsCutimePlusCstimeEvenWhenTheCommandNameHoldsSpacesAndParentheses() {
        String stat = "4242 (my (odd) cmd) S 1 4242 4242 0 -1 4194560 100 200 0 0 7 3 150 250 20 0 1 0 100 1000 10";
        assertEquals(400L * 10_000_000L, StartupSample.childrenCpuNanos(stat, 100));
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertEquals(3.0, StartupSample.median(List.of(5, 1, 3)));
        assertEquals(2.5, StartupSample.median(List.of(4L, 1L, 2L, 3L)));
        assertThrows(IllegalArgumentException.class, () -> StartupSample.median(List.of()));
    }

    @Test
    void argumentsRoundsAndRankCounts() throws Exception {
        assertEquals(new StartupBench.Options(5, List.of(1, 2, 4)), StartupBench.parse(List.of()));
        assertEquals(new StartupBench.Options(9, List.of(2)), StartupBench.parse(List.of("--rounds", "9", "--np", "2")));
        assertEquals(new StartupBench.Options(3, List.of(1, 2, 4)), StartupBench.parse(List.of("3")));
        for (List<String> bad : List.of(List.of("--rounds", "0"), List.of("--rounds"), List.of("--np", "1,,2"), List.of("fast"))) {
            assertThrows(StartupBench.BadArgs.class, () -> StartupBench.parse(bad), bad.toString());
        }
    }

    @Test
    void rawAndManaCommandsDifferOnlyInHowTheProgramIsStarted() {
        StartupBench.Commands c = StartupBench.commands(java.nio.file.Path.of("/usr/bin/mpirun"), java.nio.file.Path.of("/j/bin/java"),
                java.nio.file.Path.of("/d/lib/mpi.jar"), java.nio.file.Path.of("/b/bench.jar"), java.nio.file.Path.of("/m/mana"),
                List.of("--oversubscribe"));
        assertEquals(List.of("/usr/bin/mpirun", "--oversubscribe", "-np", "4", "/j/bin/java", "-cp", "/d/lib/mpi.jar:/b/bench.jar",
                StartupBench.HELLO), c.command(false, 4));
        assertEquals(List.of("/m/mana", "run", "-np", "2", "--class", StartupBench.HELLO, "/b/bench.jar"), c.command(true, 2));
        StartupBench.Commands ffm = StartupBench.commands(java.nio.file.Path.of("/usr/bin/mpirun"), java.nio.file.Path.of("/j25/bin/java"),
                List.of("--enable-native-access=ALL-UNNAMED"), java.nio.file.Path.of("/f/mpi-ffm.jar"), java.nio.file.Path.of("/b/bench.jar"),
                java.nio.file.Path.of("/m/mana"), List.of("--oversubscribe"), List.of("--mpi", "openmpi"));
        assertEquals(List.of("/usr/bin/mpirun", "--oversubscribe", "-np", "1", "/j25/bin/java", "--enable-native-access=ALL-UNNAMED", "-cp",
                "/f/mpi-ffm.jar:/b/bench.jar", StartupBench.HELLO), ffm.command(false, 1));
        assertEquals(List.of("/m/mana", "run", "--mpi", "openmpi", "-np", "1", "--class", StartupBench.HELLO, "/b/bench.jar"),
                ffm.command(true, 1));
    }
}
