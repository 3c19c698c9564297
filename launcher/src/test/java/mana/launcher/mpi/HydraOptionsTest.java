package mana.launcher.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HydraOptionsTest {

    @Test
    void theLaunchersOwnOptionsBecomeHydrasWithoutTheTokenOnTheCommandLine() throws Exception {
        List<String> out = HydraOptions.translate(List.of("--allow-run-as-root", "--oversubscribe", "-np", "3", "--mca", "topo", "basic",
                "-x", "MANA_COORD", "-x", "MANA_JOB_TOKEN"), 2);
        assertEquals(List.of("-genvall", "-usize", "2", "-n", "3"), out);
    }

    @Test
    void valuedOptionsAreRenamed() throws Exception {
        assertEquals(List.of("-genvall", "-usize", "SYSTEM", "-f", "/h/hosts", "-ppn", "2", "-hosts", "a,b", "-wdir", "/w", "-genv", "K", "v=1",
                "-prepend-rank", "-bind-to", "core"),
                HydraOptions.translate(List.of("--hostfile", "/h/hosts", "-N", "2", "--host=a,b", "--wdir", "/w", "-x", "K=v=1",
                        "--tag-output", "--bind-to", "core"), 2));
    }

    /** MPI_UNIVERSE_SIZE as Open MPI gives it: the host list's slots, else this node's cores. */
    @Test
    void theUniverseSizeIsTheHostsSlotsOrThisNodesCores() throws Exception {
        assertEquals(List.of("-genvall", "-usize", "4", "-n", "6"), HydraOptions.translate(List.of("-np", "6"), 4));
        assertEquals(List.of("-genvall", "-usize", "SYSTEM", "-hosts", "a:2,b:2", "-n", "4"),
                HydraOptions.translate(List.of("-H", "a:2,b:2", "-np", "4"), 4));
        assertEquals(List.of("-genvall", "-usize", "1", "-n", "1"), HydraOptions.translate(List.of("-np", "1"), 0));
        assertTrue(HydraOptions.translate(List.of("-np", "1")).contains("-usize"));
    }

    @Test
    void thisNodesCoresAreDistinctPackageAndCoreIds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String[][] cpus = {{"0", "0"}, {"0", "1"}, {"0", "0"}, {"1", "0"}}; // cpu2 a hardware thread of cpu0's core
        for (int i = 0; i < cpus.length; i++) {
            java.nio.file.Path t = java.nio.file.Files.createDirectories(dir.resolve("cpu" + i + "/topology"));
            java.nio.file.Files.writeString(t.resolve("physical_package_id"), cpus[i][0] + "\n");
            java.nio.file.Files.writeString(t.resolve("core_id"), cpus[i][1] + "\n");
        }
        java.nio.file.Files.createDirectories(dir.resolve("cpu4")); // offline: no topology
        java.nio.file.Files.createDirectories(dir.resolve("cpufreq"));
        assertEquals(3, LocalCores.count(dir, 9));
        assertEquals(9, LocalCores.count(dir.resolve("missing"), 9));
    }

    @Test
    void anOptionWithoutTranslationIsOneLine() {
        HydraOptions.Untranslatable e = assertThrows(HydraOptions.Untranslatable.class,
                () -> HydraOptions.translate(List.of("--report-bindings")));
        assertTrue(e.getMessage().startsWith("mpirun option --report-bindings has no MPICH (hydra) translation"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        assertThrows(HydraOptions.Untranslatable.class, () -> HydraOptions.translate(List.of("-np")));
    }
}
